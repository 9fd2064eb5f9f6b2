import { shortId } from '@tj/core/ids';
import type { Command } from 'commander';
import { raw } from '../backend/client.js';
import { action, examples, type Opts } from '../command-kit.js';
import type { Context, Io } from '../context.js';
import { UsageError } from '../errors.js';
import { dateTime } from '../output/format.js';
import { dateTimeFlag, defined, listArg } from '../util/args.js';

const SCOPES = 'read, write, import, webhooks, admin';
const DURATION = /^(\d+)\s*([dh])$/i;

/** `--expires`: a duration from now (`30d`, `12h`) or a date-time (a date is its midnight in --tz). */
function expiresAt(value: string | undefined, tz: string): string | undefined {
  if (value === undefined) return undefined;
  const m = DURATION.exec(value.trim());
  if (m) return new Date(Date.now() + Number(m[1]) * (m[2]?.toLowerCase() === 'd' ? 86_400_000 : 3_600_000)).toISOString();
  return dateTimeFlag('--expires', value, tz);
}

/** `tj keys create`: a new API key, printed once. */
export async function createKey(ctx: Context, opts: Opts): Promise<void> {
  const name = opts.name ?? (await ctx.prompt.text({ message: 'What the key is for', flag: '--name <name>', required: true }));
  const scopes: string[] | undefined = opts.scopes;
  if (!scopes || scopes.length === 0) throw new UsageError(`--scopes is needed: a comma-separated list of ${SCOPES}`);
  const body = defined({ name, scopes, expiresAt: expiresAt(opts.expires, ctx.tz) });
  const key = await (await ctx.client()).keys.create(raw(body));
  ctx.out.result(key, (k) => {
    ctx.out.line(ctx.out.c.green(`Created API key ${shortId(k.id)} (${k.name}) with ${k.scopes.join(', ')}`));
    ctx.out.line(`Key (shown only now; store it as a secret): ${k.key}`);
    ctx.out.line(ctx.out.c.dim(`Send it as: Authorization: Bearer ${k.prefix}`));
  });
}

/** `tj keys list`. */
export async function listKeys(ctx: Context): Promise<void> {
  const data = await (await ctx.client()).keys.list();
  const now = Date.now();
  const state = (k: { revokedAt: string | null; expiresAt: string | null }) =>
    k.revokedAt ? 'revoked' : k.expiresAt && Date.parse(k.expiresAt) <= now ? 'expired' : 'active';
  ctx.out.result(data, ({ keys }) => {
    if (keys.length === 0) return ctx.out.line('No API keys.');
    ctx.out.printTable(
      ['ID', 'Name', 'Key', 'Scopes', 'State', 'Expires', 'Last used', 'Created'],
      keys.map((k) => [
        shortId(k.id),
        k.name,
        k.prefix,
        k.scopes.join(','),
        state(k),
        dateTime(k.expiresAt, ctx.tz),
        dateTime(k.lastUsedAt, ctx.tz),
        dateTime(k.createdAt, ctx.tz),
      ]),
    );
  });
}

/** `tj keys revoke <id>`: every server refuses the key from the next request on. */
export async function revokeKey(ctx: Context, _opts: Opts, [id]: string[]): Promise<void> {
  await (await ctx.client()).keys.revoke(id as string);
  ctx.out.result({ revoked: id }, () => ctx.out.line(`Revoked API key ${id}`));
}

/** Registers `tj keys …`. */
export function registerKeys(program: Command, io: Io): void {
  const keys = program.command('keys').description('API keys for scripts and apps (Authorization: Bearer tj_live_…)');
  examples(keys, ['tj keys create --name "tax export" --scopes read --expires 90d', 'tj keys list']);
  const create = keys
    .command('create')
    .description('create an API key (the key is shown once)')
    .option('--name <name>', 'what the key is for')
    .option('--scopes <a,b>', `what it may do: ${SCOPES} (admin: everything)`, listArg)
    .option('--expires <when>', 'when it stops working: 30d, 12h, or a date or date-time in --tz (default: never)')
    .action(action(io, createKey));
  examples(create, [
    'tj keys create --name "nightly backup" --scopes read',
    'tj keys create --name importer --scopes write,import --expires 2027-01-01',
  ]);
  examples(keys.command('list').description('list API keys (never the keys themselves)').action(action(io, listKeys)), [
    'tj keys list --json',
  ]);
  examples(keys.command('revoke <id>').description('revoke an API key at once').action(action(io, revokeKey)), [
    'tj keys revoke 7f3a9c21e4',
  ]);
}
