/** Text of the charts (browser code, joined into the page's script with draw-charts): money and escaping. */

const moneyFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
export const money = (v: unknown) => (typeof v === 'number' ? moneyFormat.format(v) : '–');
const tickFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const compactFormat = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
/** Money on an axis: short (`2,500`, `150K`, `1.5M`), so neighbouring labels do not collide; tooltips say it exactly. */
export const axisMoney = (v: number) => (Math.abs(v) >= 10_000 ? compactFormat : tickFormat).format(v);
export const escapeText = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
