/**
 * Runs the built CLI as users run it (`packages/cli/bin/tj.js`: the bundle `pnpm build` writes)
 * as a process in a sandbox: a temporary HOME, XDG data and config directories, a temporary
 * SQLite database, UTC, and the fast password cost
 * (TJ_PASSWORD_COST, the test knob). `runPty` drives prompts through a real pseudo-terminal
 * (`script` from util-linux), answering each prompt once its text appears.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const BIN = resolve(import.meta.dirname, '../../bin/tj.js');

/** A temporary home for one test file. */
export interface Sandbox {
  dir: string;
  /** The sandbox's SQLite database file (pass with --db). */
  db: string;
  env: Record<string, string>;
  cleanup(): Promise<void>;
}

/** What a CLI run produced. */
export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Creates a sandbox: temp HOME/XDG dirs; the parent's TJ_* and colour variables are not inherited. */
export async function sandbox(): Promise<Sandbox> {
  const dir = await mkdtemp(join(tmpdir(), 'tj-cli-'));
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (v !== undefined && !k.startsWith('TJ_') && !['NO_COLOR', 'FORCE_COLOR', 'XDG_DATA_HOME', 'XDG_CONFIG_HOME'].includes(k))
      env[k] = v;
  }
  Object.assign(env, {
    HOME: dir,
    XDG_DATA_HOME: join(dir, 'data'),
    XDG_CONFIG_HOME: join(dir, 'config'),
    TZ: 'UTC',
    TJ_PASSWORD_COST: '1024',
  });
  return { dir, db: join(dir, 'journal.db'), env, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** Runs any program to its end and collects its output; stdin gets `input` (or is closed at once). */
export function runProgram(
  command: string,
  args: string[],
  options: { env: Record<string, string>; cwd: string; input?: string },
): Promise<RunResult> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { env: options.env, cwd: options.cwd });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolvePromise({ code: code ?? -1, stdout, stderr }));
    child.stdin.end(options.input ?? '');
  });
}

/** Runs `tj args…`; stdin is a closed pipe (not a terminal) unless `input` is given. */
export function run(
  box: Sandbox,
  args: string[],
  options: { input?: string; env?: Record<string, string> } = {},
): Promise<RunResult> {
  return runProgram(process.execPath, [BIN, ...args], {
    env: { ...box.env, ...options.env },
    cwd: box.dir,
    ...(options.input !== undefined && { input: options.input }),
  });
}

/** The user `initDatabase` and `sandboxWithUser` create with `tj init`. */
export const ANN = { email: 'ann@example.com', name: 'Ann', password: 'correct horse' };

/** The flags of `tj init` that create {@link ANN}. */
const initAnn = ['init', '--email', ANN.email, '--name', ANN.name, '--password', ANN.password];

/** Sets up the database at `url` with one user (ann@example.com); returns the flags that select it (plus `extra`). */
export async function initDatabase(box: Sandbox, url: string, extra: string[] = []): Promise<string[]> {
  const flags = ['--db', url, ...extra];
  await ok(box, [...flags, ...initAnn]);
  return flags;
}

/** Writes `content` to `name` in the sandbox; returns its path. */
export async function sandboxFile(box: Sandbox, name: string, content: string): Promise<string> {
  const path = join(box.dir, name);
  await writeFile(path, content);
  return path;
}

/** A sandbox whose database has been set up with one user (ann@example.com), and the flags to reach it in UTC. */
export async function sandboxWithUser(): Promise<{ box: Sandbox; db: string[] }> {
  const box = await sandbox();
  const db = ['--db', box.db, '--tz', 'UTC'];
  await ok(box, [...db, ...initAnn]);
  return { box, db };
}

/** Runs `tj --json args…`, expects exit 0 and returns the parsed JSON document of stdout. */
export async function runJson<T = any>(box: Sandbox, args: string[], env?: Record<string, string>): Promise<T> {
  const r = await run(box, ['--json', ...args], env ? { env } : {});
  if (r.code !== 0) throw new Error(`tj ${args.join(' ')} exited ${r.code}: ${r.stderr}`);
  return JSON.parse(r.stdout) as T;
}

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** The escape character that starts ANSI sequences. */
export const ESC = String.fromCharCode(27);
const ANSI = new RegExp(`${ESC}\\[[0-9;?]*[A-Za-z]`, 'g');

/** Removes ANSI escape sequences. */
export function stripAnsi(text: string): string {
  return text.replace(ANSI, '');
}

/** One prompt answer: when `expect` appears in new output, `send` is typed (\r is Enter); a function gets the output so far. */
export interface PtyStep {
  expect: RegExp;
  send: string | ((output: string) => string);
}

/** What a pty run produced: the terminal's output (stdout and stderr together), raw and stripped. */
export interface PtyResult {
  code: number;
  raw: string;
  text: string;
  /** How many steps were answered. */
  answered: number;
}

/**
 * Runs `tj args…` on a pseudo-terminal (`script -qfec`), answering `steps` in order. Fails the
 * run after `timeoutMs` (a prompt that never came).
 */
export function runPty(
  box: Sandbox,
  args: string[],
  steps: PtyStep[] = [],
  options: { env?: Record<string, string>; timeoutMs?: number } = {},
): Promise<PtyResult> {
  const command = [process.execPath, BIN, ...args].map(quote).join(' ');
  return new Promise((resolvePromise, reject) => {
    const child = spawn('script', ['-qfec', command, '/dev/null'], { env: { ...box.env, ...options.env }, cwd: box.dir });
    let raw = '';
    let seen = 0;
    let step = 0;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`pty run timed out at step ${step}; output:\n${stripAnsi(raw)}`));
    }, options.timeoutMs ?? 15_000);
    const advance = () => {
      const current = steps[step];
      if (!current) return;
      const fresh = stripAnsi(raw).slice(seen);
      if (!current.expect.test(fresh)) return;
      seen = stripAnsi(raw).length;
      step++;
      child.stdin.write(typeof current.send === 'string' ? current.send : current.send(stripAnsi(raw)));
      setTimeout(advance, 5);
    };
    child.stdout.on('data', (d: Buffer) => {
      raw += d.toString();
      advance();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolvePromise({ code: code ?? -1, raw, text: stripAnsi(raw).replace(/\r/g, ''), answered: step });
    });
  });
}

/** Runs a command and expects exit 0, returning stdout. */
export async function ok(box: Sandbox, args: string[], env?: Record<string, string>): Promise<string> {
  const r = await run(box, args, env ? { env } : {});
  if (r.code !== 0) throw new Error(`tj ${args.join(' ')} exited ${r.code}: ${r.stderr}`);
  return r.stdout;
}
