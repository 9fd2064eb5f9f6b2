import type { Statistics } from '@tj/core';
import { FIGURES, figureSpec, formatFigure, HEADLINE, STREAKS } from '../figures.js';
import { type Html, html } from '../html.js';

/** The sign class of a P&L-like value. */
export function signClass(value: unknown): string {
  return typeof value === 'number' && value !== 0 ? (value > 0 ? 'pos' : 'neg') : '';
}

/** One figure as markup: `data-stat` names it and `data-value` holds the exact JSON value. */
function figureText(key: string, value: unknown): Html {
  const spec = figureSpec(key, value);
  const text =
    typeof value === 'number' || value === null
      ? formatFigure(spec, value)
      : Object.entries(value as object)
          .map(([k, v]) => `${k} ${String(v)}`)
          .join(', ');
  const cls = spec.signed ? signClass(value) : '';
  return html`<span class="${cls}" data-stat="${key}" data-value="${JSON.stringify(value)}">${text}</span>`;
}

/** Every figure key of the statistics, known ones first in their order, then the rest as core returns them. */
function orderedKeys(stats: Statistics): string[] {
  const keys = Object.keys(stats);
  return [...Object.keys(FIGURES).filter((k) => keys.includes(k)), ...keys.filter((k) => !(k in FIGURES))];
}

/** Most cards a row holds. */
const ROW = 4;

/**
 * How many cards each row holds: as few rows as `ROW` allows, as even as can be (7 → 4 + 3,
 * 5 → 3 + 2), so no card sits alone on a row unless it is the only one.
 */
export function rowSizes(n: number): number[] {
  const rows = Math.ceil(n / ROW);
  return Array.from({ length: rows }, (_, i) => Math.floor(n / rows) + (i < n % rows ? 1 : 0));
}

function cards(stats: Record<string, unknown>, keys: string[], cls: string): Html {
  const present = keys.filter((k) => k in stats);
  const perRow = rowSizes(present.length).flatMap((size) => Array<number>(size).fill(size));
  return html`<div class="${cls}">${present.map(
    (k, i) => html`<div class="card per-row-${perRow[i]}"><div class="card-label">${figureSpec(k, stats[k]).label}</div>
<div class="card-value">${figureText(k, stats[k])}</div></div>`,
  )}</div>`;
}

/** The headline cards and the table of every statistics figure. */
export function summarySection(stats: Statistics): Html {
  const all = stats as unknown as Record<string, unknown>;
  const rows = orderedKeys(stats).map(
    (k) =>
      html`<div class="figure"><span class="figure-label">${figureSpec(k, all[k]).label}</span>${figureText(k, all[k])}</div>`,
  );
  return html`<section id="summary"><h2>Summary</h2>${cards(all, HEADLINE, 'cards')}
<details class="all-figures" open><summary>All statistics</summary><div class="figures">${rows}</div></details></section>`;
}

/** Win and loss streaks, from the statistics. */
export function streaksSection(stats: Statistics): Html {
  const all = stats as unknown as Record<string, unknown>;
  return html`<section id="streaks"><h2>Streaks</h2>${cards(all, STREAKS, 'cards small')}
<p class="note">A breakeven trade ends a streak; streaks follow the order of exits.</p></section>`;
}
