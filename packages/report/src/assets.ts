import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

/** An inline script and the CSP source that allows exactly it. */
export interface InlineScript {
  code: string;
  /** `'sha256-…'` of the code. */
  hash: string;
}

function inline(code: string): InlineScript {
  return { code, hash: `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'` };
}

let loaded: Promise<{ chartLibrary: InlineScript; drawCharts: InlineScript }> | undefined;

async function load() {
  const library = createRequire(import.meta.url).resolve('echarts/dist/echarts.min.js');
  const [chartLibrary, drawCharts] = await Promise.all([
    readFile(library, 'utf8'),
    readFile(new URL('./browser/draw-charts.js', import.meta.url), 'utf8'),
  ]);
  if (/<\/script|<!--/i.test(chartLibrary)) throw new Error('the chart library cannot be inlined: it holds a script end tag');
  return {
    chartLibrary: inline(chartLibrary),
    drawCharts: inline(drawCharts.replace(/^\/\/# sourceMappingURL=.*$/m, '').trimEnd()),
  };
}

/**
 * The two scripts every report inlines: the chart library (ECharts' dist file, read from
 * node_modules) and the page's own drawing code; read once per process.
 */
export function reportScripts(): Promise<{ chartLibrary: InlineScript; drawCharts: InlineScript }> {
  loaded ??= load();
  loaded.catch(() => {
    loaded = undefined;
  });
  return loaded;
}
