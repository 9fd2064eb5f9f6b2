import { ErrorCode } from '@tj/core';
import type { Command } from 'commander';
import { remoteClient } from '../backend/client.js';
import { action, examples, type Opts } from '../command-kit.js';
import { readCredentials, removeCredentials, writeCredentials } from '../config/credentials.js';
import type { Context, Io } from '../context.js';
import { UsageError } from '../errors.js';

function serverUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new UsageError(`--server: "${text}" is not a URL (such as http://127.0.0.1:3000)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError('--server: use an http or https URL');
  return url.href.replace(/\/+$/, '');
}

/** The `otpToken` of an `ErrorCode.otpRequired` answer (the SDK is loaded lazily, so its error is read by shape). */
function otpTokenOf(e: unknown): string | undefined {
  const err = e as { name?: unknown; code?: unknown; problem?: { otpToken?: unknown } } | null;
  const token = err?.name === 'TjApiError' && err.code === ErrorCode.otpRequired ? err.problem?.otpToken : undefined;
  return typeof token === 'string' ? token : undefined;
}

/** `tj login`: logs in to a server (with a one-time code when the account has two-factor login on); later commands go through it. */
export async function login(ctx: Context, opts: Opts): Promise<void> {
  const p = ctx.prompt;
  const known = readCredentials(ctx.env);
  const server = serverUrl(
    opts.server ?? known?.server ?? (await p.text({ message: 'Server URL', flag: '--server <url>', required: true })),
  );
  const email =
    opts.email ??
    (await p.text({ message: 'Email', flag: '--email <email>', required: true, ...(known?.email && { default: known.email }) }));
  const password = opts.password ?? (await p.password({ message: 'Password', flag: '--password <password>' }));
  const client = await remoteClient(ctx.env, { server, email });
  const pair = await client.auth.login({ email, password }).catch(async (e: unknown) => {
    // With two-factor login on, the right password answers otp_required: the code completes it.
    const otpToken = otpTokenOf(e);
    if (otpToken === undefined) throw e;
    const code =
      opts.otp ??
      (await p.text({ message: 'One-time code (from your app, or a recovery code)', flag: '--otp <code>', required: true }));
    return client.auth.loginOtp({ otpToken, code });
  });
  const tokens = client.getTokens();
  writeCredentials(ctx.env, { server, email, ...tokens });
  ctx.out.result({ server, user: pair.user }, (d) => {
    ctx.out.line(ctx.out.c.green(`Logged in to ${d.server} as ${d.user.name} <${d.user.email}>`));
    ctx.out.line('Commands now go through this server (pass --db to work locally); tj logout to stop.');
  });
}

/** `tj logout`: revokes the session on the server and forgets it. */
export async function logout(ctx: Context): Promise<void> {
  const credentials = readCredentials(ctx.env);
  if (!credentials) {
    ctx.out.result({ loggedOut: false }, () => ctx.out.line('Not logged in.'));
    return;
  }
  try {
    if (credentials.refreshToken) await (await remoteClient(ctx.env, credentials)).auth.logout();
  } catch {
    ctx.out.note(`tj: could not reach ${credentials.server} to revoke the session; forgetting it anyway`);
  }
  removeCredentials(ctx.env);
  ctx.out.result({ loggedOut: true, server: credentials.server }, () => ctx.out.line(`Logged out of ${credentials.server}`));
}

/** `tj whoami`: the mode, the database or server, and the acting user. */
export async function whoami(ctx: Context): Promise<void> {
  const user = await (await ctx.client()).auth.me();
  ctx.out.result({ mode: ctx.mode, where: ctx.where, user }, (d) =>
    ctx.out.line(`${d.user.name} <${d.user.email}> on ${d.mode === 'local' ? 'the local database' : 'the server'} ${d.where}`),
  );
}

/** Registers `tj login`, `tj logout` and `tj whoami`. */
export function registerAuth(program: Command, io: Io): void {
  const loginCmd = program
    .command('login')
    .description('log in to a journal server: later commands work through it (remote mode)')
    .option('--server <url>', 'the server, e.g. http://127.0.0.1:3000 (default: the last one)')
    .option('--email <email>', 'login email')
    .option('--password <password>', 'password (prefer the prompt: flags show in the process list)')
    .option('--otp <code>', 'with two-factor login on: the code from your app, or a recovery code (else asked for)')
    .action(action(io, login));
  examples(loginCmd, [
    'tj login --server https://journal.example.com',
    'tj login --server http://127.0.0.1:3000 --email ann@example.com',
  ]);
  examples(program.command('logout').description('end the server session and return to local mode').action(action(io, logout)), [
    'tj logout',
  ]);
  examples(program.command('whoami').description('show the acting user and where the journal is').action(action(io, whoami)), [
    'tj whoami --json',
  ]);
}
