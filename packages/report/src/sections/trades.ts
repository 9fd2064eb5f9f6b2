import type { Trade } from '@tj/core';
import { count, localDateTime, money, NONE, plain, pricesByInstrument, rMultiple } from '../format.js';
import { type Html, html } from '../html.js';
import { signClass } from './summary.js';

/** A trade's result in the report's money: converted when the report was asked in a currency. */
const resultOf = (t: Trade): number | null => (t.converted === undefined ? t.result : t.converted.result);

function tradeTable(trades: readonly Trade[], tz: string, empty: string): Html {
  if (trades.length === 0) return html`<p class="note">${empty}</p>`;
  const accounts = trades.some((t) => t.account);
  const prices = pricesByInstrument(trades);
  const rows = trades.map((t) => {
    const price = prices.get(t.instrument) ?? plain;
    return html`<tr data-trade="${t.id}"><td>${t.instrument}</td>${accounts ? html`<td>${t.account ?? NONE}</td>` : ''}<td>${t.direction}</td><td>${localDateTime(t.entryTime, tz)}</td>
<td>${localDateTime(t.exitTime, tz)}</td><td class="num">${plain(t.positionSize)}</td><td class="num">${price(t.entryPrice)}</td>
<td class="num">${price(t.exitPrice)}</td><td class="num ${signClass(resultOf(t))}">${money(resultOf(t))}</td>
<td class="num">${rMultiple(t.rMultiple)}</td><td>${t.setupType ?? NONE}</td></tr>`;
  });
  return html`<table class="data"><thead><tr><th>Instrument</th>${accounts ? html`<th>Account</th>` : ''}<th>Side</th><th>Entry</th><th>Exit</th><th class="num">Size</th>
<th class="num">Entry price</th><th class="num">Exit price</th><th class="num">Result</th><th class="num">R</th><th>Setup</th></tr></thead>
<tbody>${rows}</tbody></table>`;
}

/** The best and the worst trades of the period. */
export function extremesSection(best: readonly Trade[], worst: readonly Trade[], tz: string): Html {
  return html`<section id="trades"><h2>Best and worst trades</h2>
<div class="pair"><div><h3>Best ${count(best.length)}</h3>${tradeTable(best, tz, 'No winning trade in this period.')}</div>
<div><h3>Worst ${count(worst.length)}</h3>${tradeTable(worst, tz, 'No losing trade in this period.')}</div></div></section>`;
}
