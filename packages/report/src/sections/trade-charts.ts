import type { Report, Trade, TradeBars } from '@tj/core';
import { count, localDateTime, money, priceFormat, rMultiple } from '../format.js';
import { type Html, html } from '../html.js';
import { signClass } from './summary.js';

/** A trade's one-line description above its chart. */
export function tradeLine(t: Trade, tz: string): Html {
  const price = priceFormat([t.entryPrice, t.exitPrice]);
  return html`${t.instrument} ${t.direction} ${t.positionSize} · ${localDateTime(t.entryTime, tz)} at ${price(t.entryPrice)} →
${t.exitTime === null ? 'open' : html`${localDateTime(t.exitTime, tz)} at ${price(t.exitPrice)}`} ·
<span class="${signClass(t.result)}">${money(t.result)}</span>${t.rMultiple === null ? '' : ` (${rMultiple(t.rMultiple)})`}`;
}

/** The chart of one trade, or a note when no bar is held around it. */
export function tradeChartFigure(t: Trade, bars: TradeBars, tz: string, heading: string): Html {
  const series = `${bars.instrument}${bars.continuous ? ' (continuous)' : ''}`;
  const chart =
    bars.bars.length === 0
      ? html`<p class="note">No price bars of ${series} are held around this trade.</p>`
      : html`<div class="chart tall" data-chart="trade" data-trade="${t.id}"></div>
<p class="note">${count(bars.bars.length)} ${bars.timeframe ?? ''} bars of ${series}; ▲ entries, ▼ exits at their price; the MAE and MFE
as dashed levels and labelled points.</p>`;
  return html`<figure class="trade-chart" data-trade="${t.id}"><h3>${heading}</h3><p>${tradeLine(t, tz)}</p>${chart}</figure>`;
}

/** The first best and worst trades drawn on the bars around them. */
export function tradeChartsSection(report: Report, tz: string): Html {
  const figures = report.tradeBars.flatMap((b) => {
    const best = report.bestTrades.findIndex((t) => t.id === b.tradeId);
    const worst = report.worstTrades.findIndex((t) => t.id === b.tradeId);
    const trade = best >= 0 ? report.bestTrades[best] : report.worstTrades[worst];
    if (trade === undefined) return [];
    return [tradeChartFigure(trade, b, tz, best >= 0 ? `Best #${best + 1}` : `Worst #${worst + 1}`)];
  });
  return html`<section id="trade-charts"><h2>Best and worst trades on their charts</h2>${
    figures.length === 0 ? html`<p class="note">No winning or losing trade in this period.</p>` : figures
  }</section>`;
}

/** The MAE-vs-result scatter, or a note when no trade has an excursion. */
export function maeSection(report: Report): Html {
  const s = report.excursionScatter;
  if (s.points.length === 0)
    return html`<section id="mae"><h2>MAE vs result</h2><p class="note">No closed trade of this period has an excursion: it needs
price bars covering the trade.</p></section>`;
  const unit = s.unit === 'r' ? 'in R (money in several currencies; trades with a risk only)' : 'in money';
  return html`<section id="mae"><h2>MAE vs result</h2><div class="chart" data-chart="mae"></div>
<p class="note">${count(s.points.length)} trades${s.truncated ? ' (the latest exits)' : ''}, ${unit}: how far each went against you
(its maximum adverse excursion) across, how it ended up. Winners far to the left held through deep MAE; losers near zero were cut early.</p></section>`;
}
