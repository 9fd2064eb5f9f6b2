export { renderReportHtml, type RenderedReport, type RenderOptions } from './page.js';
export { escapeHtml } from './html.js';
export { duration, priceFormat, pricesByInstrument } from './format.js';
export { figureLabel } from './figures.js';
export { type Mark, type TradeMarks, tradeMarks } from './marks.js';
export { renderTradeChartHtml, type TradeChartOptions } from './trade-page.js';
