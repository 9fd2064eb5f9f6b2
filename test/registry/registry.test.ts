/**
 * The proof from a registry (issue 30): every package is published to a local verdaccio, then
 * installed as a user would, in a temp folder outside the workspace with its own package.json:
 * the core with its SQLite adapter runs the embedding example of docs/core-api.md; the CLI,
 * installed globally, runs init, import and stats; the SDK type-checks under `tsc --strict`,
 * bundles for the browser and runs in Chromium against `tj serve` of that global CLI.
 * better-sqlite3 compiles from source on each install (ccache in front when installed).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchBrowser } from '../support/browser.js';
import type { Summary } from './consumer/app.js';
import {
  addUser,
  cleanEnv,
  publishAll,
  type Registry,
  ROOT,
  runOk,
  startRegistry,
  stopChild,
  waitForOutput,
} from './support/registry.js';

const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');
/** The bundler of the SDK's size bench: esbuild, for browsers, minified. */
const { browserBundle } = (await import(pathToFileURL(join(ROOT, 'bench/lib/sdk-bundle.mjs')).href)) as {
  browserBundle: (entry: string, dir: string) => Promise<Uint8Array>;
};
const version = async (pkg: string) =>
  (JSON.parse(await readFile(join(ROOT, 'packages', pkg, 'package.json'), 'utf8')) as { version: string }).version;
const ANN = { email: 'ann@example.com', name: 'Ann', password: 'correct horse battery' };
/** Our own fixture: 5 closed futures trades, 1,699.00 net. */
const FIXTURE = join(ROOT, 'packages/core/test/fixtures/brokers/tradovate-performance.csv');

/** The first TypeScript block of docs/core-api.md: the embedding example people copy. */
async function embeddingExample(): Promise<string> {
  const doc = await readFile(join(ROOT, 'docs/core-api.md'), 'utf8');
  const block = doc.match(/```ts\n([\s\S]*?)```/);
  if (!block?.[1]) throw new Error('docs/core-api.md has no ```ts block');
  return block[1];
}

/** A folder with a package.json of its own and an .npmrc that points at the registry. */
async function appDir(root: string, name: string, registry: string): Promise<string> {
  const dir = join(root, name);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'package.json'), `${JSON.stringify({ name, private: true, type: 'module' }, null, 2)}\n`);
  await writeFile(join(dir, '.npmrc'), `registry=${registry}\n`);
  return dir;
}

describe('the packages installed from a registry', { timeout: 30 * 60_000 }, () => {
  let root: string;
  let registry: Registry;
  let env: Record<string, string>;
  let serve: ChildProcess | undefined;
  let pages: Server | undefined;
  let browser: Browser | undefined;
  const timings: string[] = [];
  const timed = async <T>(what: string, step: () => Promise<T>): Promise<T> => {
    const started = Date.now();
    const result = await step();
    timings.push(`${what} ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return result;
  };
  /** The globally installed CLI's environment: its own HOME and data folders in the temp root. */
  const cliEnv = () =>
    cleanEnv({
      HOME: join(root, 'home'),
      XDG_DATA_HOME: join(root, 'home/data'),
      XDG_CONFIG_HOME: join(root, 'home/config'),
      TZ: 'UTC',
      NO_COLOR: '1',
    });
  const tj = () => join(root, 'global/bin/tj');

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'tj-registry-'));
    // ccache keys on paths relative to this folder, so the second compile of better-sqlite3 hits.
    env = cleanEnv({ CCACHE_BASEDIR: root });
    registry = await startRegistry(root);
    const token = await addUser(registry.url);
    const published = await timed('publish', () => publishAll(root, registry.url, token));
    for (const name of ['schemas', 'core', 'http', 'client', 'report', 'cli'])
      expect(published).toContain(`+ @tj/${name}@${await version(name)}`);
    await timed('global CLI install', () =>
      runOk('npm', ['install', '--global', '--prefix', join(root, 'global'), '--registry', registry.url, '@tj/cli'], {
        cwd: root,
        env,
      }),
    );
  }, 30 * 60_000);
  afterAll(async () => {
    console.log(`release test timings: ${timings.join(', ')}`);
    await browser?.close();
    if (serve) await stopChild(serve);
    await new Promise((resolve) => (pages ? pages.close(resolve) : resolve(undefined)));
    await registry?.stop();
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('installs @tj/core with its SQLite adapter and runs the embedding example of docs/core-api.md', async () => {
    const dir = await appDir(root, 'embed', registry.url);
    await timed('core install', () => runOk('npm', ['install', '@tj/core'], { cwd: dir, env }));
    const installed = JSON.parse(await readFile(join(dir, 'node_modules/@tj/core/package.json'), 'utf8')) as { version: string };
    expect(installed.version).toBe(await version('core'));
    await writeFile(join(dir, 'example.mts'), await embeddingExample());
    const compilerOptions = { strict: true, module: 'nodenext', target: 'es2023', outDir: 'out', types: [], skipLibCheck: true };
    await writeFile(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['example.mts'] }));
    await runOk(process.execPath, [TSC, '-p', dir], { cwd: dir, env });
    await runOk(process.execPath, ['out/example.mjs'], { cwd: dir, env });
    // What the example wrote, read back through the driver it installed.
    const check =
      "const db = new (require('better-sqlite3'))('journal.db', { readonly: true }); console.log(JSON.stringify([db.prepare('SELECT email FROM users').all(), db.prepare('SELECT instrument, direction FROM trades').all()]));";
    const { stdout } = await runOk(process.execPath, ['-e', check], { cwd: dir, env });
    expect(JSON.parse(stdout)).toEqual([[{ email: 'ann@example.com' }], [{ instrument: 'ES', direction: 'long' }]]);
  });

  it('installs @tj/cli globally: --version, init, import of a fixture and stats', async () => {
    const cwd = await appDir(root, 'cli', registry.url);
    expect((await runOk(tj(), ['--version'], { cwd, env: cliEnv() })).stdout.trim()).toBe(await version('cli'));
    const init = await runOk(tj(), ['init', '--email', ANN.email, '--name', ANN.name, '--password', ANN.password], {
      cwd,
      env: cliEnv(),
    });
    expect(init.stdout).toContain(join(root, 'home/data/trading-journal/journal.db'));
    const imported = await runOk(tj(), ['--json', 'import', FIXTURE], { cwd, env: cliEnv() });
    expect(JSON.parse(imported.stdout)).toMatchObject({
      format: { name: 'tradovate-performance' },
      counts: { tradesCreated: 5 },
    });
    const stats = JSON.parse((await runOk(tj(), ['--json', 'stats'], { cwd, env: cliEnv() })).stdout) as {
      totalTrades: number;
      totalPnL: number;
    };
    expect(stats).toMatchObject({ totalTrades: 5, totalPnL: 1699 });
  });

  describe.skipIf(!browserAvailable)('the SDK in a browser app', () => {
    it('installs @tj/client, type-checks a strict consumer, bundles it and runs it in Chromium against tj serve', async () => {
      const dir = await appDir(root, 'web', registry.url);
      await timed('client install', () => runOk('npm', ['install', '@tj/client'], { cwd: dir, env }));
      await copyFile(join(import.meta.dirname, 'consumer/app.ts'), join(dir, 'app.ts'));
      const compilerOptions = {
        strict: true,
        noEmit: true,
        module: 'esnext',
        moduleResolution: 'bundler',
        target: 'es2022',
        lib: ['es2022', 'dom'],
        types: [],
      };
      await writeFile(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['app.ts'] }));
      await runOk(process.execPath, [TSC, '-p', dir], { cwd: dir, env });
      const script = new TextDecoder().decode(await browserBundle(join(dir, 'app.ts'), dir));
      expect(script).not.toContain('node:');

      // The app's own origin, and the API on another: the SDK's requests must pass CORS.
      const app = createServer((req, res) => {
        const js = req.url === '/app.js';
        res.writeHead(200, { 'content-type': js ? 'text/javascript' : 'text/html' });
        res.end(js ? script : '<!doctype html><title>app</title><script type="module" src="/app.js"></script>');
      });
      pages = app;
      const origin = await new Promise<string>((resolve) =>
        app.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(app.address() as { port: number }).port}`)),
      );
      serve = spawn(tj(), ['serve', '--port', '0', '--cors-origin', origin], {
        cwd: dir,
        env: cliEnv(),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const api = (await waitForOutput(serve, /serving (http:\/\/\S+)/))[1] as string;

      browser = await launchBrowser();
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      await page.goto(origin);
      await page.waitForFunction(() => 'tjSummarize' in globalThis);
      const summary = await page.evaluate(
        ({ api, email, password }) =>
          (globalThis as unknown as { tjSummarize: (...a: string[]) => Promise<Summary> }).tjSummarize(api, email, password),
        { api, email: ANN.email, password: ANN.password },
      );
      expect(errors).toEqual([]);
      expect(summary).toEqual({
        trades: 5,
        instruments: ['ESZ6', 'MNQZ6', 'NQZ6'],
        totalPnl: 1699,
        wrongPassword: 'invalid_credentials',
      });
    });
  });
});
