/** The report's stylesheet: light, print-friendly, readable on a phone. */
export const STYLE = `
:root { --fg: #1f2933; --muted: #616e7c; --line: #e4e7eb; --bg: #ffffff; --panel: #f7f8fa; --pos: #15803d; --neg: #b91c1c; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--fg); background: var(--bg); }
main { max-width: 1180px; margin: 0 auto; padding: 24px 20px 64px; }
header.report h1 { margin: 0 0 4px; font-size: 26px; }
header.report p { margin: 0; color: var(--muted); }
h2 { font-size: 19px; margin: 36px 0 12px; padding-bottom: 6px; border-bottom: 1px solid var(--line); }
h3 { font-size: 15px; margin: 16px 0 8px; }
h4 { font-size: 12px; margin: 0 0 2px; color: var(--muted); text-transform: uppercase; letter-spacing: .04em; }
nav.toc { margin: 14px 0 0; display: flex; flex-wrap: wrap; gap: 6px 14px; font-size: 13px; }
nav.toc a { color: var(--muted); text-decoration: none; }
.pos { color: var(--pos); } .neg { color: var(--neg); }
.note { color: var(--muted); font-size: 13px; }
.cards { display: grid; grid-template-columns: repeat(12, 1fr); gap: 10px; }
.card { background: var(--panel); border: 1px solid var(--line); border-radius: 8px; padding: 10px 12px; min-width: 0; }
.per-row-1 { grid-column: span 12; } .per-row-2 { grid-column: span 6; } .per-row-3 { grid-column: span 4; } .per-row-4 { grid-column: span 3; }
.card-label { color: var(--muted); font-size: 12px; }
.card-value { font-size: 20px; font-weight: 600; font-variant-numeric: tabular-nums; overflow-wrap: anywhere; }
.cards.small .card-value { font-size: 18px; }
details.all-figures { margin-top: 14px; }
details.all-figures summary { cursor: pointer; color: var(--muted); }
table { border-collapse: collapse; }
.figures { margin-top: 8px; display: grid; grid-template-columns: repeat(auto-fill, minmax(250px, 1fr)); gap: 0 36px; }
.figure { display: flex; justify-content: space-between; gap: 12px; padding: 4px 0; border-bottom: 1px dotted var(--line); }
.figure-label { color: var(--muted); }
.figure span:last-child { font-variant-numeric: tabular-nums; text-align: right; }
table.data { width: 100%; font-size: 13px; }
table.data th, table.data td { padding: 5px 8px; border-bottom: 1px solid var(--line); text-align: left; white-space: nowrap; }
table.data th { color: var(--muted); font-weight: 600; }
table.data .num { text-align: right; font-variant-numeric: tabular-nums; }
table.data td:first-child { white-space: normal; word-break: break-word; }
.chart { width: 100%; height: 320px; }
.chart.tall { height: 460px; }
.grid { display: grid; grid-template-columns: repeat(auto-fit, minmax(480px, 1fr)); gap: 8px 28px; }
.pair { display: grid; grid-template-columns: 1fr; gap: 8px; overflow-x: auto; }
.entries { display: flex; flex-direction: column; gap: 10px; }
.entry { display: grid; grid-template-columns: 190px 1fr; gap: 16px; border: 1px solid var(--line); border-radius: 8px; padding: 12px; }
.entry header { border-right: 1px solid var(--line); padding-right: 12px; }
.entry-date { font-weight: 600; font-size: 15px; }
.entry-type { color: var(--muted); font-size: 12px; text-transform: capitalize; margin-bottom: 8px; }
.day-pnl { font-size: 18px; font-weight: 600; font-variant-numeric: tabular-nums; }
.entry-body p { margin: 0 0 8px; white-space: pre-wrap; }
.entry-body ul { margin: 0 0 8px; padding-left: 18px; }
.chips { display: flex; flex-wrap: wrap; gap: 6px; margin: 4px 0; }
.chip { background: var(--panel); border: 1px solid var(--line); border-radius: 999px; padding: 1px 8px; font-size: 12px; }
@media (max-width: 700px) { .grid { grid-template-columns: 1fr; } .entry { grid-template-columns: 1fr; } .entry header { border: 0; } }
@media (max-width: 560px) { .per-row-4 { grid-column: span 6; } .card { padding: 8px; } .card-value, .cards.small .card-value { font-size: 16px; } }
@media print { h2 { break-after: avoid; } .chart, .entry, .card { break-inside: avoid; } details.all-figures summary { display: none; } }
`;
