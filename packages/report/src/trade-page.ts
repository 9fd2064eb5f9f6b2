import type { Trade, TradeBars } from '@tj/core';
import { type RenderedReport, pageDocument } from './document.js';
import { html } from './html.js';
import { tradeChartFigure } from './sections/trade-charts.js';
import { tradeChartData } from './trade-chart-data.js';

/** Options of {@link renderTradeChartHtml}. */
export interface TradeChartOptions {
  /** The time zone times are shown in. */
  tz: string;
  /** The document title; default `<instrument> trade`. */
  title?: string;
}

/**
 * Renders one trade on its chart as a self-contained HTML page (`tj trades chart`): candles of
 * the bars around it, its entries and exits, its MAE and MFE; no network needed when opened.
 *
 * @example const { html } = await renderTradeChartHtml(await client.trades.get(id), await client.trades.bars(id), { tz: 'UTC' });
 */
export async function renderTradeChartHtml(trade: Trade, bars: TradeBars, options: TradeChartOptions): Promise<RenderedReport> {
  const title = options.title ?? `${trade.instrument} trade`;
  const body = html`<main><header class="report"><h1>${title}</h1><p>Times in ${options.tz}</p></header>
${tradeChartFigure(trade, bars, options.tz, `${trade.instrument} ${trade.direction}`)}</main>`;
  return pageDocument(title, body, { tradeCharts: [tradeChartData(trade, bars, options.tz)] });
}
