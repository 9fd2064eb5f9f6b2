/** Terminal charts as pure functions of their data: an equity block chart, a sparkline, horizontal bars. */

const EIGHTHS_UP = [' ', '▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];
const EIGHTHS_RIGHT = ['', '▏', '▎', '▍', '▌', '▋', '▊', '▉', '█'];

/**
 * At most `width` values, each the last of its bucket (right for cumulative series such as equity).
 *
 * @example resample([1, 2, 3, 4], 2) // [2, 4]
 */
export function resample(values: readonly number[], width: number): number[] {
  const n = values.length;
  if (n <= width) return [...values];
  const out: number[] = [];
  for (let i = 0; i < width; i++) out.push(values[Math.ceil(((i + 1) * n) / width) - 1] as number);
  return out;
}

/**
 * A one-line sparkline of the values (min as ▁, max as █).
 *
 * @example sparkline([0, 4, 8], 3) // '▁▅█'
 */
export function sparkline(values: readonly number[], width: number): string {
  const v = resample(values, width);
  if (v.length === 0) return '';
  const min = Math.min(...v);
  const span = Math.max(...v) - min;
  return v.map((x) => EIGHTHS_UP[span === 0 ? 4 : 1 + Math.round(((x - min) / span) * 7)]).join('');
}

/** Options of {@link blockChart}. */
export interface BlockChartOptions {
  width: number;
  height: number;
  /** Formats the axis labels (the top and bottom values). */
  label?: (value: number) => string;
}

/**
 * An area chart of a series drawn with block characters, `height` rows of at most `width`
 * columns, with the maximum labelled on the top row and the minimum on the bottom row.
 *
 * @example blockChart([0, 50, 100], { width: 3, height: 2 }) // ['100 │ ▁█', '  0 │▁██']
 */
export function blockChart(values: readonly number[], options: BlockChartOptions): string[] {
  const { height } = options;
  const label = options.label ?? ((x: number) => String(x));
  const v = resample(values, options.width);
  if (v.length === 0 || height < 1) return [];
  const min = Math.min(...v);
  const max = Math.max(...v);
  const span = max - min;
  // Eighths of a cell filled in each column: at least one, so the lowest point stays visible.
  const levels = v.map((x) => (span === 0 ? height * 4 : 1 + Math.round(((x - min) / span) * (height * 8 - 1))));
  const top = label(max);
  const bottom = label(min);
  const pad = Math.max(top.length, bottom.length);
  const rows: string[] = [];
  for (let r = height - 1; r >= 0; r--) {
    const cells = levels.map((level) => EIGHTHS_UP[Math.max(0, Math.min(8, level - r * 8))]).join('');
    const axis = r === height - 1 ? top : r === 0 ? bottom : '';
    rows.push(`${axis.padStart(pad)} │${cells}`);
  }
  return rows;
}

/** One bar of {@link horizontalBars}. */
export interface Bar {
  label: string;
  value: number;
}

/**
 * Horizontal bars scaled to the largest value (`width` cells for it), each line
 * `label │bar value`; eighth blocks give sub-cell precision.
 *
 * @example horizontalBars([{ label: 'a', value: 2 }, { label: 'b', value: 1 }], 4) // ['a │████ 2', 'b │██ 1']
 */
export function horizontalBars(bars: readonly Bar[], width: number, format: (n: number) => string = String): string[] {
  const max = Math.max(0, ...bars.map((b) => b.value));
  const pad = Math.max(0, ...bars.map((b) => b.label.length));
  return bars.map((b) => {
    const eighths = max === 0 || b.value <= 0 ? 0 : Math.max(1, Math.round((b.value / max) * width * 8));
    const bar = '█'.repeat(Math.floor(eighths / 8)) + EIGHTHS_RIGHT[eighths % 8];
    return `${b.label.padStart(pad)} │${bar} ${format(b.value)}`;
  });
}
