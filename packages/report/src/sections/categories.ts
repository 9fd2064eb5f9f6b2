import type { Report } from '@tj/core';

/** One category of the report (its money is the report's statistics' currency). */
type ByCategory = Report['categories'][number];
import { humanize } from '../figures.js';
import { count, money, pct, ratio, rMultiple } from '../format.js';
import { type Html, html } from '../html.js';
import { signClass } from './summary.js';

/** Titles of the categories we know; others are titled by their name. */
const TITLES: Record<string, string> = {
  weekday: 'By weekday of entry',
  hour: 'By hour of entry',
  time: 'By hour of entry',
  setup: 'By setup',
  instrument: 'By instrument',
  account: 'By account',
  holdingTime: 'By holding time',
  assetClass: 'By asset class',
  strategy: 'By option strategy',
  tag: 'By tag',
};

/** The order sections appear in; categories not listed follow. */
const ORDER = ['weekday', 'hour', 'time', 'setup', 'instrument', 'account', 'holdingTime', 'assetClass', 'strategy', 'tag'];

/** Most rows a category table lists (the chart shows the best and worst of longer lists). */
export const TABLE_ROWS = 100;

/** Core's name of the group of trades without a value (setup, account, strategy, asset class; tags). */
const NO_VALUE = new Set(['(none)', '(untagged)']);
/** What a trade lacks when it is in that group, by category. */
const LACKS: Record<string, string> = {
  setup: 'a setup',
  account: 'an account',
  strategy: 'an option strategy',
  assetClass: 'an asset class',
  tag: 'a tag',
};

/** Why a category with one group shows no chart: there is nothing to compare. */
function nothingToCompare(c: ByCategory, group: ByCategory['categories'][number]): Html {
  const why = NO_VALUE.has(group.name)
    ? `No trade has ${LACKS[c.category] ?? `a ${humanize(c.category).toLowerCase()}`}`
    : group.trades === 1
      ? `The one trade is in ${group.name}`
      : `All ${count(group.trades)} trades are in one group, ${group.name}`;
  return html`<p class="note nothing-to-compare">${why}: nothing to compare.</p>`;
}

/** The categories in the report's order, without `time` when core also answers its newer name `hour`. */
export function orderedCategories(all: readonly ByCategory[]): ByCategory[] {
  const names = new Set(all.map((c) => c.category as string));
  const rank = (name: string) => (ORDER.includes(name) ? ORDER.indexOf(name) : ORDER.length);
  return all
    .filter((c) => !(c.category === 'time' && names.has('hour')))
    .slice()
    .sort((a, b) => rank(a.category) - rank(b.category));
}

function table(c: ByCategory): Html {
  const shown = c.categories.slice(0, TABLE_ROWS);
  const rest = c.categories.length - shown.length;
  const rows = shown.map(
    (g) => html`<tr><td>${g.name}</td><td class="num">${count(g.trades)}</td><td class="num">${pct(g.winRate)}</td>
<td class="num ${signClass(g.totalPnL)}">${money(g.totalPnL)}</td><td class="num">${ratio(g.profitFactor)}</td>
<td class="num">${rMultiple(g.averageR)}</td></tr>`,
  );
  return html`<table class="data compact"><thead><tr><th>${humanize(c.category)}</th><th class="num">Trades</th>
<th class="num">Win rate</th><th class="num">P&amp;L</th><th class="num">Profit factor</th><th class="num">Avg R</th></tr></thead>
<tbody>${rows}</tbody></table>${rest > 0 ? html`<p class="note">and ${count(rest)} more</p>` : ''}`;
}

/** Performance by each category core answers: a bar chart of P&L and the table of its groups. */
export function categoriesSection(all: readonly ByCategory[]): Html {
  const blocks = orderedCategories(all).map((c) => {
    const title = TITLES[c.category] ?? `By ${humanize(c.category).toLowerCase()}`;
    const [only] = c.categories;
    const body =
      only === undefined
        ? html`<p class="note">No closed trades.</p>`
        : c.categories.length === 1
          ? nothingToCompare(c, only)
          : html`<div class="chart" data-chart="category" data-category="${c.category}"></div>${table(c)}`;
    return html`<div class="category" id="by-${c.category}"><h3>${title}</h3>${body}</div>`;
  });
  return html`<section id="categories"><h2>Performance by category</h2><div class="grid">${blocks}</div></section>`;
}
