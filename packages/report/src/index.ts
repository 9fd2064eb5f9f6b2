export { renderReportHtml, type RenderedReport, type RenderOptions } from './page.js';
export { escapeHtml } from './html.js';
