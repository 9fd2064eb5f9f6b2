/**
 * A local npm registry for the release test: verdaccio in a temp folder, `@tj/*` published to it
 * (never looked up upstream), everything else proxied from the public registry. Also the helpers
 * that run npm, pnpm and other programs outside the workspace with a clean environment.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';

/** The repository's root folder. */
export const ROOT = join(import.meta.dirname, '../../..');

const exec = promisify(execFile);

/** A running registry: its URL (with a trailing slash) and how to stop it. */
export interface Registry {
  url: string;
  stop(): Promise<void>;
}

/** A free TCP port on the loopback address. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Resolves with the first match of `pattern` in what `child` writes, or rejects when it exits first. */
export function waitForOutput(child: ChildProcess, pattern: RegExp): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      const match = seen.match(pattern);
      if (match) {
        child.stdout?.off('data', onData);
        child.stderr?.off('data', onData);
        child.off('exit', onExit);
        resolve(match);
      }
    };
    const onExit = (code: number | null) => reject(new Error(`exited (${code}) before printing ${pattern}:\n${seen}`));
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', onExit);
  });
}

/** Stops a child process with SIGTERM and waits for it to exit. */
export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Starts verdaccio with its storage and config in `dir`; resolves once it listens. */
export async function startRegistry(dir: string): Promise<Registry> {
  const port = await freePort();
  const config = [
    `storage: ${JSON.stringify(join(dir, 'storage'))}`,
    'auth:',
    '  htpasswd:',
    `    file: ${JSON.stringify(join(dir, 'htpasswd'))}`,
    'uplinks:',
    '  npmjs:',
    '    url: https://registry.npmjs.org/',
    'packages:',
    // Ours are published here only: never proxied, so a name taken upstream cannot leak in.
    "  '@tj/*':",
    '    access: $all',
    '    publish: $authenticated',
    "  '**':",
    '    access: $all',
    '    publish: $authenticated',
    '    proxy: npmjs',
    'log: { type: stdout, format: pretty, level: warn }',
  ].join('\n');
  await writeFile(join(dir, 'verdaccio.yaml'), `${config}\n`);
  const child = spawn(
    process.execPath,
    [
      join(ROOT, 'node_modules/verdaccio/bin/verdaccio'),
      '--config',
      join(dir, 'verdaccio.yaml'),
      '--listen',
      `127.0.0.1:${port}`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'], env: cleanEnv() },
  );
  await waitForOutput(child, /http address/);
  return { url: `http://127.0.0.1:${port}/`, stop: () => stopChild(child) };
}

/** Registers a throwaway user (the registry's own sign-up) and answers its token, for publishing. */
export async function addUser(registry: string): Promise<string> {
  const name = `release-test-${process.pid}`;
  const response = await fetch(new URL(`-/user/org.couchdb.user:${name}`, registry), {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, password: 'a throwaway password' }),
  });
  const body = (await response.json()) as { token?: string };
  if (!response.ok || body.token === undefined) throw new Error(`registering a user answered ${response.status}`);
  return body.token;
}

/**
 * The environment of a program run outside the workspace: without the `npm_*` variables pnpm
 * sets for scripts (they would override the registry), with ccache in front of the C and C++
 * compilers when it is installed (better-sqlite3 compiles from source on every install) and
 * `extra` on top.
 */
export function cleanEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !/^npm_/i.test(k)) env[k] = v;
  if (existsSync('/usr/bin/ccache')) Object.assign(env, { CC: 'ccache gcc', CXX: 'ccache g++' });
  return { ...env, ...extra };
}

/** Runs a program to its end; rejects with its output when it fails. */
export async function runOk(
  command: string,
  args: string[],
  options: { cwd: string; env: Record<string, string> },
): Promise<{ stdout: string; stderr: string }> {
  try {
    return await exec(command, args, { ...options, maxBuffer: 64 * 1024 * 1024, encoding: 'utf8' });
  } catch (e) {
    const { stdout, stderr } = e as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed:\n${stderr ?? ''}\n${stdout ?? ''}`.slice(0, 20_000));
  }
}

/** Publishes every workspace package to `registry` with `pnpm -r publish` (which turns workspace: ranges into versions). */
export async function publishAll(dir: string, registry: string, token: string): Promise<string> {
  const npmrc = join(dir, 'publish.npmrc');
  const host = registry.replace(/^https?:/, '');
  await writeFile(npmrc, `registry=${registry}\n${host}:_authToken=${token}\n`);
  const { stdout } = await runOk('pnpm', ['-r', 'publish', '--registry', registry, '--no-git-checks'], {
    cwd: ROOT,
    env: cleanEnv({ NPM_CONFIG_USERCONFIG: npmrc }),
  });
  return stdout;
}
