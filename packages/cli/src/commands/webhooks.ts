import { type Command, Option } from 'commander';
import { raw } from '../backend/client.js';
import { action, examples, type Opts } from '../command-kit.js';
import { resolveId } from '../backend/resolve-id.js';
import type { Delivery } from '@tj/core';
import type { Context, Io } from '../context.js';
import { CliError } from '../errors.js';
import { clip, dateTime, NONE, pageLine } from '../output/format.js';
import { defined, listArg, positiveIntArg } from '../util/args.js';
import { shortId } from '@tj/core/ids';

const EVENTS =
  'trade.created, trade.updated, trade.closed, trade.deleted, journal.created, journal.updated, journal.deleted, alert.triggered, or * for all';

/** In local mode, --allow-private-webhooks lets webhooks target private addresses (tests, home set-ups). */
async function clientFor(ctx: Context, opts: Opts) {
  if (ctx.mode === 'local' && opts.allowPrivateWebhooks) await ctx.local({ allowPrivateWebhooks: true });
  return ctx.client();
}

/** `tj webhooks add`. */
export async function addWebhook(ctx: Context, opts: Opts): Promise<void> {
  const url =
    opts.url ?? (await ctx.prompt.text({ message: 'URL that receives deliveries', flag: '--url <url>', required: true }));
  const body = defined({ url, events: opts.events ?? ['*'], secret: opts.secret });
  const hook = await (await clientFor(ctx, opts)).webhooks.create(raw(body));
  ctx.out.result(hook, (h) => {
    ctx.out.line(ctx.out.c.green(`Created webhook ${shortId(h.id)} for ${h.events.join(', ')} → ${h.url}`));
    ctx.out.line(`Signing secret (shown only now; keep it for your receiver): ${h.secret}`);
  });
}

/** `tj webhooks list`. */
export async function listWebhooks(ctx: Context): Promise<void> {
  const data = await (await ctx.client()).webhooks.list();
  ctx.out.result(data, ({ webhooks }) => {
    if (webhooks.length === 0) return ctx.out.line('No webhooks.');
    ctx.out.printTable(
      ['ID', 'URL', 'Events', 'Active', 'Created'],
      webhooks.map((h) => [shortId(h.id), h.url, h.events.join(', '), h.active ? 'yes' : 'no', dateTime(h.createdAt, ctx.tz)]),
    );
  });
}

/** `tj webhooks remove <id>`. */
export async function removeWebhook(ctx: Context, _opts: Opts, [arg]: string[]): Promise<void> {
  const id = await resolveId(ctx, 'webhook', arg as string);
  await (await ctx.client()).webhooks.delete(id);
  ctx.out.result({ deleted: id }, () => ctx.out.line(`Removed webhook ${id}`));
}

/** `tj webhooks test <id>`: sends `webhook.test` now; exits 1 when it was not delivered. */
export async function testWebhook(ctx: Context, opts: Opts, [arg]: string[]): Promise<void> {
  const client = await clientFor(ctx, opts);
  const outcome = await client.webhooks.test(await resolveId(ctx, 'webhook', arg as string));
  ctx.out.result(outcome, (o) =>
    ctx.out.line(
      o.delivered
        ? ctx.out.c.green(`Delivered: HTTP ${o.statusCode} in ${o.durationMs} ms`)
        : ctx.out.c.red(`Not delivered: ${o.error ?? `HTTP ${o.statusCode}`} (${o.durationMs} ms)`),
    ),
  );
  if (!outcome.delivered) throw new CliError(`the test delivery failed: ${outcome.error ?? `HTTP ${outcome.statusCode}`}`);
}

/** `tj webhooks deliveries <id>`: one row per attempt, under its delivery (`--json`: the API's answer). */
export async function listDeliveries(ctx: Context, opts: Opts, [arg]: string[]): Promise<void> {
  const query = defined({ status: opts.status, page: opts.page, limit: opts.limit });
  const data = await (await ctx.client()).webhooks.deliveries(await resolveId(ctx, 'webhook', arg as string), query);
  ctx.out.result(data, ({ deliveries, pagination }) => {
    if (deliveries.length === 0) return ctx.out.line('No deliveries.');
    ctx.out.printTable(
      ['Delivery', 'Event', 'Status', '#', 'HTTP', 'ms', 'At', 'Error', 'Response', 'Next attempt'],
      deliveries.flatMap((d) => deliveryRows(d, ctx.tz)),
    );
    ctx.out.line(ctx.out.c.dim(pageLine(pagination, 'delivery', 'deliveries')));
  });
}

/** A delivery's rows: its first attempt beside the delivery, later attempts below it (a delivery not yet tried: one row). */
function deliveryRows(d: Delivery, tz: string): string[][] {
  const head = [shortId(d.id), d.event, d.status];
  const next = dateTime(d.nextAttemptAt, tz);
  if (d.attemptLog.length === 0) return [[...head, NONE, NONE, NONE, NONE, NONE, NONE, next]];
  const blank = head.map(() => '');
  return d.attemptLog.map((a, i) => [
    ...(i === 0 ? head : blank),
    String(a.number),
    a.responseStatus === null ? NONE : String(a.responseStatus),
    a.durationMs === null ? NONE : String(a.durationMs),
    dateTime(a.at, tz),
    clip(a.error, 40),
    clip(a.responseBody, 30),
    i === d.attemptLog.length - 1 ? next : '',
  ]);
}

/** Registers `tj webhooks …`. */
export function registerWebhooks(program: Command, io: Io): void {
  const hooks = program.command('webhooks').description('signed HTTP notifications of your trades, journal and alerts');
  examples(hooks, ['tj webhooks add --url https://example.com/hook --events trade.closed', 'tj webhooks list']);
  const privateFlag = '--allow-private-webhooks';
  const privateHelp = 'local mode: accept private and loopback targets (env TJ_ALLOW_PRIVATE_WEBHOOKS=true)';

  const add = hooks
    .command('add')
    .description('register a webhook (its signing secret is shown once)')
    .option('--url <url>', 'http(s) address that receives deliveries')
    .option('--events <a,b>', `events to send (default *): ${EVENTS}`, listArg)
    .option('--secret <secret>', 'signing secret, 16+ characters or whsec_<base64> (default: whsec_ + 32 random bytes)')
    .option(privateFlag, privateHelp)
    .action(action(io, addWebhook));
  examples(add, [
    'tj webhooks add --url https://example.com/hook',
    'tj webhooks add --url https://example.com/hook --events trade.closed,alert.triggered',
  ]);

  examples(hooks.command('list').description('list webhooks').action(action(io, listWebhooks)), ['tj webhooks list --json']);
  examples(hooks.command('remove <id>').description('remove a webhook').action(action(io, removeWebhook)), [
    'tj webhooks remove 7f3a9c21e4',
  ]);

  const test = hooks
    .command('test <id>')
    .description('send a webhook.test delivery now and show the answer (exit 1 if not delivered)')
    .option(privateFlag, privateHelp)
    .action(action(io, testWebhook));
  examples(test, ['tj webhooks test 7f3a9c21e4']);

  const deliveries = hooks
    .command('deliveries <id>')
    .description(
      'deliveries of a webhook and each of their attempts: HTTP answer, duration, time, error, answer body, next retry',
    )
    .addOption(new Option('--status <status>', 'pending, succeeded or failed').choices(['pending', 'succeeded', 'failed']))
    .option('--page <n>', 'page number', positiveIntArg)
    .option('--limit <n>', 'deliveries per page (1-100, default 20)', positiveIntArg)
    .action(action(io, listDeliveries));
  examples(deliveries, ['tj webhooks deliveries 7f3a9c21e4 --status failed']);
}
