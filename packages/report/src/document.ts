import { reportScripts } from './assets.js';
import { type Html, html, scriptJson } from './html.js';
import { STYLE } from './style.js';

/** A rendered page: the document and the Content-Security-Policy it declares (for an HTTP header too). */
export interface RenderedReport {
  html: string;
  contentSecurityPolicy: string;
}

/**
 * One self-contained page: the style, the body, the data its charts are drawn from, the inlined
 * chart library and drawing script, and a Content-Security-Policy that allows exactly those.
 */
export async function pageDocument(title: string, body: Html, data: unknown): Promise<RenderedReport> {
  const { chartLibrary, drawCharts } = await reportScripts();
  const csp = [
    "default-src 'none'",
    `script-src ${chartLibrary.hash} ${drawCharts.hash}`,
    "style-src 'unsafe-inline'",
    'img-src data: blob:',
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
  const document = `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="trading-journal">
<title>${html`${title}`}</title>
<style>${STYLE}</style>
</head><body>
${body}
<script type="application/json" id="tj-report-data">${scriptJson(data)}</script>
<script>${chartLibrary.code}</script>
<script type="module">${drawCharts.code}</script>
</body></html>
`;
  return { html: document, contentSecurityPolicy: csp };
}
