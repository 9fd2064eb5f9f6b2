/**
 * Getting `tj` from a checkout: `npm install --global ./packages/cli` links it onto the PATH (here
 * into a temporary npm prefix), and neither that `tj` nor `pnpm exec tj` adds package-manager
 * noise (`ELIFECYCLE`, script echo) to a failing command: stderr is tj's one line.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runProgram, type Sandbox, sandbox } from './support/cli.js';

const ROOT = resolve(import.meta.dirname, '../../..');

const exec = (command: string, args: string[], env: Record<string, string>, cwd: string) =>
  runProgram(command, args, { env, cwd });

let box: Sandbox;
let prefix: string;
beforeAll(async () => {
  box = await sandbox();
  prefix = await mkdtemp(join(tmpdir(), 'tj-prefix-'));
});
afterAll(async () => {
  await box.cleanup();
  await rm(prefix, { recursive: true, force: true });
});

describe('tj on the PATH from a checkout', { timeout: 120_000 }, () => {
  it('npm install --global ./packages/cli links a tj whose failures are one line', async () => {
    const env = { ...box.env, npm_config_prefix: prefix };
    const install = await exec(
      'npm',
      ['install', '--global', '--no-audit', '--no-fund', '--offline', './packages/cli'],
      env,
      ROOT,
    );
    expect(install.code, install.stderr).toBe(0);
    const tj = join(prefix, 'bin', 'tj');
    const version = await exec(tj, ['--version'], box.env, box.dir);
    const manifest = JSON.parse(await readFile(join(ROOT, 'packages/cli/package.json'), 'utf8')) as { version: string };
    expect(version).toMatchObject({ code: 0, stdout: `${manifest.version}\n` });
    const failing = await exec(tj, ['--db', box.db, 'trades', 'list'], box.env, box.dir);
    expect(failing).toMatchObject({
      code: 1,
      stdout: '',
      stderr: `tj: no journal database at ${box.db}: run tj init first (or pass --db)\n`,
    });
  });

  it('pnpm exec tj adds no ELIFECYCLE line or script echo to a failing command', async () => {
    const usage = await exec('pnpm', ['exec', 'tj', 'trades', 'list', '--bogus'], box.env, ROOT);
    expect(usage).toMatchObject({ code: 2, stdout: '', stderr: "tj: unknown option '--bogus' (see tj trades list --help)\n" });
    const failure = await exec('pnpm', ['exec', 'tj', '--db', box.db, 'trades', 'list'], box.env, ROOT);
    expect(failure).toMatchObject({
      code: 1,
      stdout: '',
      stderr: `tj: no journal database at ${box.db}: run tj init first (or pass --db)\n`,
    });
  });
});
