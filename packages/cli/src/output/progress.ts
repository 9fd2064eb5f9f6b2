/** Progress on stderr for long operations (import, export, report): drawn only on a terminal. */

/** Where progress is drawn. */
export interface ProgressSink {
  write(chunk: string): boolean;
  isTTY?: boolean;
}

const BAR_WIDTH = 24;
const RENDER_EVERY_MS = 100;

/** A bar of `fraction` (0–1) with its percentage: `[████░░░░]  50%`. */
export function bar(fraction: number, width = BAR_WIDTH): string {
  const f = Math.max(0, Math.min(1, fraction));
  const filled = Math.round(f * width);
  return `[${'█'.repeat(filled)}${'░'.repeat(width - filled)}] ${String(Math.floor(f * 100)).padStart(3)}%`;
}

/**
 * One progress line (pure, for tests): the label, a bar when the total is known, and the count.
 *
 * @example countLine('Exporting trades', 50, 200, 'trades') // 'Exporting trades  [██████░…]  25%  50 of 200 trades'
 */
export function countLine(label: string, done: number, total: number | undefined, unit: string): string {
  const n = done.toLocaleString('en-US');
  if (total === undefined || total <= 0) return `${label}  ${n} ${unit}`;
  return `${label}  ${bar(done / total)}  ${n} of ${total.toLocaleString('en-US')} ${unit}`;
}

/**
 * Whether progress is drawn at all: when stderr is a terminal, unless turned off (`--no-progress`)
 * or the output itself goes to that terminal (`toTerminal`), where the two would mix.
 */
export function progressEnabled(stderr: ProgressSink, flag: unknown, toTerminal = false): boolean {
  return stderr.isTTY === true && flag !== false && !toTerminal;
}

/** A line of stderr redrawn in place at most every 100 ms, and removed before other output. */
export class StatusLine {
  private lastDraw = 0;
  private drawn = false;

  constructor(
    private readonly sink: ProgressSink,
    readonly enabled: boolean = sink.isTTY === true,
  ) {}

  /** Draws `text` (skipped when the last draw was under 100 ms ago, unless `force`). */
  show(text: string, force = false): void {
    if (!this.enabled) return;
    const now = Date.now();
    if (!force && now - this.lastDraw < RENDER_EVERY_MS) return;
    this.lastDraw = now;
    this.sink.write(`\r${text}\u001b[K`);
    this.drawn = true;
  }

  /** Removes the line. */
  clear(): void {
    if (this.drawn) this.sink.write('\r\u001b[K');
    this.drawn = false;
  }
}
