import { shortId } from '@tj/core/ids';
import type { TjClient } from '@tj/client';
import { type Input, raw } from '../backend/client.js';
import { resolveId } from '../backend/resolve-id.js';
import type { Opts } from '../command-kit.js';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import { cannotAsk } from '../prompts/prompter.js';
import { dateTimeFlag, listArg } from '../util/args.js';
import { printTrade } from '../views/trade-view.js';
import { noteFiredAlerts } from './fired-alerts.js';
import { amountAnswer, clearedFields, positiveAnswer, tradeBodyFromFlags } from './trade-fields.js';

const REQUIRED: Array<[key: string, label: string, flag: string]> = [
  ['instrument', 'the instrument', '--instrument <symbol>'],
  ['direction', 'the direction', '--direction <long|short>'],
  ['entryPrice', 'the entry price', '--entry-price <price>'],
  ['positionSize', 'the position size', '--size <quantity>'],
];

/** Asks for the fields of a new trade that no flag gave (on a terminal only). */
async function promptNewTrade(ctx: Context, body: Input): Promise<void> {
  const p = ctx.prompt;
  const missing = REQUIRED.filter(([k]) => body[k] === undefined);
  if (missing.length === 0) return;
  if (!p.interactive) {
    const [, label, flag] = missing[0] as [string, string, string];
    throw cannotAsk(label, flag);
  }
  const ask = async (key: string, message: string, flag: string, validate?: (v: string) => string | true) => {
    if (body[key] !== undefined) return;
    const v = await p.text({ message, flag, ...(validate && { validate }) });
    if (v !== '') body[key] = validate ? Number(v) : v;
  };
  if (body.instrument === undefined)
    body.instrument = await p.text({ message: 'Instrument', flag: '--instrument', required: true });
  if (body.direction === undefined) {
    body.direction = await p.select({ message: 'Direction', flag: '--direction', choices: ['long', 'short'] as const });
  }
  await ask('entryPrice', 'Entry price', '--entry-price', positiveAnswer);
  await ask('positionSize', 'Position size', '--size', positiveAnswer);
  if (body.entryTime === undefined) {
    const t = await p.text({ message: 'Entry time', flag: '--entry-time', default: 'now' });
    body.entryTime = dateTimeFlag('--entry-time', t || 'now', ctx.tz);
  }
  await ask('stopLoss', 'Stop loss (blank: none)', '--stop', positiveAnswer);
  await ask('takeProfit', 'Take profit (blank: none)', '--target', positiveAnswer);
  await ask('setupType', 'Setup (blank: none)', '--setup');
  if (body.tags === undefined) {
    const tags = listArg(await p.text({ message: 'Tags, comma-separated (blank: none)', flag: '--tags' }));
    if (tags.length > 0) body.tags = tags;
  }
  await ask('fees', 'Fees (blank: 0)', '--fees', amountAnswer);
  await ask('notes', 'Notes (blank: none)', '--notes');
}

/** `tj trades add`: flags, or prompts for what is missing. */
export async function addTrade(ctx: Context, opts: Opts): Promise<void> {
  const body = tradeBodyFromFlags(ctx, opts);
  if (body.instrument !== undefined) body.instrument = String(body.instrument);
  await promptNewTrade(ctx, body);
  body.entryTime ??= new Date().toISOString();
  const trade = await (await ctx.client()).trades.create(raw(body));
  ctx.out.result(trade, (t) => {
    ctx.out.line(ctx.out.c.green(`Created trade ${shortId(t.id)}`));
    printTrade(ctx.out, t, ctx.tz);
  });
  await noteFiredAlerts(ctx, trade);
}

/** `tj trades close <id>`: sets the exit (exit time defaults to now). */
export async function closeTrade(ctx: Context, opts: Opts, [arg]: string[]): Promise<void> {
  const id = await resolveId(ctx, 'trade', arg as string);
  const body = tradeBodyFromFlags(ctx, opts);
  if (body.exitPrice === undefined) {
    const v = await ctx.prompt.text({
      message: 'Exit price',
      flag: '--exit-price <price>',
      required: true,
      validate: positiveAnswer,
    });
    body.exitPrice = Number(v);
  }
  const trade = await (await ctx.client()).trades.update(id, body);
  ctx.out.result(trade, (t) => {
    ctx.out.line(ctx.out.c.green(`Closed trade ${shortId(t.id)}: result ${t.result ?? '-'}`));
    printTrade(ctx.out, t, ctx.tz);
  });
  await noteFiredAlerts(ctx, trade);
}

/** `tj trades edit <id>`: changes the fields given as flags; --clear nulls optional ones. */
export async function editTrade(ctx: Context, opts: Opts, [arg]: string[]): Promise<void> {
  const body = { ...clearedFields(opts.clear as string[] | undefined), ...tradeBodyFromFlags(ctx, opts) };
  if (Object.keys(body).length === 0) {
    throw new UsageError('nothing to change: pass the fields to change as flags (see tj trades edit --help)');
  }
  const trade = await (await ctx.client()).trades.update(await resolveId(ctx, 'trade', arg as string), body);
  ctx.out.result(trade, (t) => {
    ctx.out.line(ctx.out.c.green(`Updated trade ${shortId(t.id)}`));
    printTrade(ctx.out, t, ctx.tz);
  });
  await noteFiredAlerts(ctx, trade);
}

/**
 * Deletes `${noun} ${id}` with `remove` once confirmed (--yes, or yes at the prompt, which refuses
 * without a terminal), else prints `Nothing deleted.`. The client opens before the question is asked.
 */
export async function deleteConfirmed(
  ctx: Context,
  opts: Opts,
  noun: string,
  id: string,
  remove: (client: TjClient, id: string) => Promise<void>,
): Promise<void> {
  const client = await ctx.client();
  const what = `${noun} ${id}`;
  if (opts.yes !== true && !(await ctx.prompt.confirm({ message: `Delete ${what}?`, flag: '--yes' }))) {
    ctx.out.line('Nothing deleted.');
    return;
  }
  await remove(client, id);
  ctx.out.result({ deleted: id }, () => ctx.out.line(`Deleted ${what}`));
}

/** `tj trades delete <id>`. */
export async function deleteTrade(ctx: Context, opts: Opts, [arg]: string[]): Promise<void> {
  const id = await resolveId(ctx, 'trade', arg as string);
  await deleteConfirmed(ctx, opts, 'trade', id, (client, tradeId) => client.trades.delete(tradeId));
}
