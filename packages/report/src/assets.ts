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

/** The page's own modules (built by tsc), those imported first: the page inlines them as one module. */
const BROWSER_MODULES = ['text.js', 'equity-steps.js', 'trade-charts.js', 'mae-scatter.js', 'draw-charts.js'];

/**
 * The browser modules joined into one: their imports of each other (`from './x.js'`) and their
 * `export` keywords dropped, so each declaration is the joined module's own. Type imports are
 * already gone from tsc's output; nothing else is imported.
 */
function joinModules(sources: string[]): string {
  return sources
    .map((code) =>
      code
        .replace(/^\/\/# sourceMappingURL=.*$/m, '')
        .replace(/^import \{[^}]*\} from '\.\/[\w-]+\.js';$/gm, '')
        .replace(/^export (?=(const|function) )/gm, '')
        .trim(),
    )
    .join('\n');
}

async function load() {
  const library = createRequire(import.meta.url).resolve('echarts/dist/echarts.min.js');
  const [chartLibrary, ...modules] = await Promise.all([
    readFile(library, 'utf8'),
    ...BROWSER_MODULES.map((name) => readFile(new URL(`./browser/${name}`, import.meta.url), 'utf8')),
  ]);
  if (/<\/script|<!--/i.test(chartLibrary)) throw new Error('the chart library cannot be inlined: it holds a script end tag');
  return { chartLibrary: inline(chartLibrary), drawCharts: inline(joinModules(modules)) };
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
