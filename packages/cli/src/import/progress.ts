/** The import's progress bar: the share of the file read, rows and rows per second. */
import { bar, type ProgressSink, StatusLine } from '../output/progress.js';

export type { ProgressSink } from '../output/progress.js';

/** Formats one progress line (pure, for tests): percentage bar, rows so far and rows per second. */
export function progressLine(label: string, fraction: number | undefined, rows: number, elapsedMs: number): string {
  const rate = elapsedMs > 0 ? Math.round((rows / elapsedMs) * 1000) : 0;
  const counts = `${rows.toLocaleString('en-US')} rows  ${rate.toLocaleString('en-US')} rows/s`;
  if (fraction === undefined) return `${label}  ${counts}`;
  return `${label}  ${bar(fraction)}  ${counts}`;
}

/** Tracks bytes and rows read and redraws the bar at most every 100 ms. */
export class Progress {
  private readonly line: StatusLine;
  private readonly started = Date.now();

  constructor(
    sink: ProgressSink,
    private readonly label: string,
    private readonly totalBytes: number,
    readonly enabled: boolean = sink.isTTY === true,
  ) {
    this.line = new StatusLine(sink, enabled);
  }

  /** Notes progress: the bytes read so far and the rows they held. */
  update(bytes: number, rows: number): void {
    if (!this.enabled) return;
    const fraction = this.totalBytes > 0 ? bytes / this.totalBytes : undefined;
    this.line.show(progressLine(this.label, fraction, rows, Date.now() - this.started));
  }

  /** Removes the bar (before other output, and at the end). */
  clear(): void {
    this.line.clear();
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
