export { renderReportHtml, type RenderedReport, type RenderOptions } from './page.js';
export { escapeHtml } from './html.js';
export { duration } from './format.js';
export { figureLabel } from './figures.js';
