export { renderReportHtml, type RenderedReport, type RenderOptions } from './page.js';
export { escapeHtml } from './html.js';
export { duration, priceFormat, pricesByInstrument } from './format.js';
export { figureLabel } from './figures.js';
