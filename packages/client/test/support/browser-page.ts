/**
 * A page of a real browser with the SDK loaded: the browser bundle of the built client (an IIFE
 * that sets `window.tj`) added to a page opened at a URL of the server under test.
 */
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';

const entry = fileURLToPath(new URL('../../dist/index.js', import.meta.url));

/** Opens `url` in a new page of `browser` and loads the SDK into it; page errors go to `errors`. */
export async function pageWithClient(browser: Browser, url: string, errors: string[] = []): Promise<Page> {
  const bundle = await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'browser',
    format: 'iife',
    globalName: 'tj',
    write: false,
    logLevel: 'silent',
  });
  const page = await browser.newPage();
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(url);
  await page.addScriptTag({ content: bundle.outputFiles[0]?.text ?? '' });
  return page;
}
