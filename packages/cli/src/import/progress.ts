/** A progress bar on stderr for long imports: shown only when stderr is a terminal. */

/** Where the bar is drawn. */
export interface ProgressSink {
  write(chunk: string): boolean;
  isTTY?: boolean;
}

const BAR_WIDTH = 24;
const RENDER_EVERY_MS = 100;

/** Formats one progress line (pure, for tests): percentage bar, rows so far and rows per second. */
export function progressLine(label: string, fraction: number | undefined, rows: number, elapsedMs: number): string {
  const rate = elapsedMs > 0 ? Math.round((rows / elapsedMs) * 1000) : 0;
  const counts = `${rows.toLocaleString('en-US')} rows  ${rate.toLocaleString('en-US')} rows/s`;
  if (fraction === undefined) return `${label}  ${counts}`;
  const f = Math.max(0, Math.min(1, fraction));
  const filled = Math.round(f * BAR_WIDTH);
  return `${label}  [${'█'.repeat(filled)}${'░'.repeat(BAR_WIDTH - filled)}] ${String(Math.floor(f * 100)).padStart(3)}%  ${counts}`;
}

/** Tracks bytes and rows read and redraws the bar at most every 100 ms. */
export class Progress {
  private bytes = 0;
  private rows = 0;
  private lastDraw = 0;
  private drawn = false;
  private readonly started = Date.now();

  constructor(
    private readonly sink: ProgressSink,
    private readonly label: string,
    private readonly totalBytes: number,
    readonly enabled: boolean = sink.isTTY === true,
  ) {}

  /** Notes progress: the bytes read so far and the rows they held. */
  update(bytes: number, rows: number): void {
    this.bytes = bytes;
    this.rows = rows;
    if (!this.enabled) return;
    const now = Date.now();
    if (now - this.lastDraw < RENDER_EVERY_MS) return;
    this.lastDraw = now;
    const fraction = this.totalBytes > 0 ? this.bytes / this.totalBytes : undefined;
    this.sink.write(`\r${progressLine(this.label, fraction, this.rows, now - this.started)}\u001b[K`);
    this.drawn = true;
  }

  /** Removes the bar (before other output, and at the end). */
  clear(): void {
    if (this.drawn) this.sink.write('\r\u001b[K');
    this.drawn = false;
  }
}

/** Counts line breaks in a chunk (the rows it holds, near enough for a progress bar). */
export function countLineBreaks(chunk: Uint8Array | string): number {
  let n = 0;
  if (typeof chunk === 'string') {
    for (let i = chunk.indexOf('\n'); i !== -1; i = chunk.indexOf('\n', i + 1)) n++;
  } else {
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) n++;
  }
  return n;
}
