// Plain-text tables and number formats shared by the bench scripts.
//
//   printTable(columns, rows, { title, out = console.log })
//     columns: [{ key, label, align: 'left' | 'right' (default right for numbers) }]
//     rows: objects keyed by column key; values are printed as given (format them first).
//   formatTable(columns, rows)  the same table as an array of lines (for writing to a file)
//   fmtInt(n)       12,345             fmtRate(perSec)  12,345/s (0.4/s below 10)
//   fmtMs(ms)       0.42 ms / 12.3 ms / 1,234 ms (3 significant digits below 100)
//   fmtMiB(bytes)   123.4 MiB          fmtRatio(ours, floor)  2.31x  ('n/a' when either is missing)
//   banner(text)    a loud one-line notice (e.g. a skipped database), printed to stderr and stdout

/** 12,345 */
export function fmtInt(n) {
  return Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : 'n/a';
}

/** 12,345/s (one decimal below 10/s: 0.4/s) */
export function fmtRate(perSecond) {
  if (!Number.isFinite(perSecond)) return 'n/a';
  return perSecond < 10 ? `${perSecond.toFixed(1)}/s` : `${fmtInt(perSecond)}/s`;
}

/** Milliseconds with about three significant digits. */
export function fmtMs(ms) {
  if (!Number.isFinite(ms)) return 'n/a';
  if (ms < 1) return `${ms.toFixed(2)} ms`;
  if (ms < 100) return `${ms.toPrecision(3)} ms`;
  return `${fmtInt(ms)} ms`;
}

/** Bytes as MiB with one decimal. */
export function fmtMiB(bytes) {
  return Number.isFinite(bytes) ? `${(bytes / (1024 * 1024)).toFixed(1)} MiB` : 'n/a';
}

/** ours ÷ floor as `2.31x` (for times; pass floor ÷ ours for rates). */
export function fmtRatio(ours, floor) {
  if (!Number.isFinite(ours) || !Number.isFinite(floor) || floor <= 0) return 'n/a';
  return `${(ours / floor).toFixed(2)}x`;
}

/** The lines of an aligned text table. */
export function formatTable(columns, rows) {
  const cells = rows.map((r) => columns.map((c) => String(r[c.key] ?? '')));
  const widths = columns.map((c, i) => Math.max(c.label.length, ...cells.map((row) => row[i].length)));
  const pad = (text, i) => {
    const align = columns[i].align ?? (i === 0 ? 'left' : 'right');
    return align === 'left' ? text.padEnd(widths[i]) : text.padStart(widths[i]);
  };
  const line = (values) => values.map(pad).join('  ').trimEnd();
  return [line(columns.map((c) => c.label)), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.map(line)];
}

/** Prints an aligned text table, with an optional title line. */
export function printTable(columns, rows, { title, out = console.log } = {}) {
  if (title) out(`\n${title}`);
  for (const l of formatTable(columns, rows)) out(l);
}

/** A loud one-line notice on stdout and stderr. */
export function banner(text) {
  const line = `!!! ${text} !!!`;
  console.log(line);
  if (!process.stdout.isTTY || !process.stderr.isTTY) console.error(line);
}
