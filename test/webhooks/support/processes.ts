import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Agent, request } from 'node:http';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const FIXTURE = fileURLToPath(new URL('../fixtures/server.mjs', import.meta.url));

/** A server process started from the fixture. */
export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Resolves when the process has exited. */
  exited: Promise<void>;
}

/** A JWT secret shared by every process of one test, so a token works on each (and after a restart). */
export const sharedJwtSecret = (): string => randomBytes(32).toString('hex');

/** Starts `fixtures/server.mjs` on `databaseUrl` and waits for its URL. */
export async function startServerProcess(options: {
  databaseUrl: string;
  jwtSecret: string;
  leaseMs?: number;
}): Promise<ServerProcess> {
  const child = spawn(process.execPath, [FIXTURE, JSON.stringify(options)], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => {
    stderr += c.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.once('line', (line) => resolve((JSON.parse(line) as { url: string }).url));
    child.once('exit', (code) => reject(new Error(`server process exited with ${code}: ${stderr}`)));
  });
  return { url, child, exited };
}

/** Kills a server process with `signal` and waits for it to be gone. */
export async function kill(p: ServerProcess, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill(signal);
  await p.exited;
}

const keepAlive = new Agent({ keepAlive: true, maxSockets: 32 });

/** Calls the API with a bearer token (node:http, kept-alive connections); throws on a network error. */
export function api(
  base: string,
  token: string | undefined,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const headers: Record<string, string> = { ...(token ? { authorization: `Bearer ${token}` } : {}) };
  if (payload !== undefined)
    Object.assign(headers, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) });
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, base), { method, headers, agent: keepAlive }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} });
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** Registers (open registration) and logs in a fresh user → its id and access token. */
export async function signIn(base: string): Promise<{ userId: string; token: string }> {
  const email = `trader.${randomBytes(6).toString('hex')}@example.com`;
  const password = 'correct horse battery staple';
  const reg = await api(base, undefined, 'POST', '/api/auth/register', { email, name: 'Trader', password });
  if (reg.status !== 201) throw new Error(`register answered ${reg.status}: ${JSON.stringify(reg.body)}`);
  const login = await api(base, undefined, 'POST', '/api/auth/login', { email, password });
  if (login.status !== 200) throw new Error(`login answered ${login.status}`);
  return { userId: (login.body.user as { id: string }).id, token: login.body.accessToken as string };
}

/** Runs `count` tasks with at most `parallel` at once; resolves when all have settled. */
export async function inParallel(count: number, parallel: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < count) await task(next++).catch(() => undefined);
  };
  await Promise.all(Array.from({ length: parallel }, lane));
}
