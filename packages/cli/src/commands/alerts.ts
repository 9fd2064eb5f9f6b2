import { type Command, Option } from 'commander';
import { ALERT_TYPES, type Alert, type AlertEvent, TRAILING_MODES } from '@tj/core';
import { resolveId } from '../backend/resolve-id.js';
import { raw } from '../backend/client.js';
import { action, examples, type Opts } from '../command-kit.js';
import type { Context, Io } from '../context.js';
import { UsageError } from '../errors.js';
import { dateTime, NONE, num, pageLine } from '../output/format.js';
import { defined, numberArg, positiveIntArg } from '../util/args.js';
import { shortId } from '@tj/core/ids';

const TYPES = ALERT_TYPES;

/** The prop-firm options of a rule as words (`from 50000, intraday, stops at start`; `counts open losses`), or none. */
function optionsLabel(a: Alert): string[] {
  if (a.type === 'trailingDrawdown') {
    const stops = a.stopTrailingAtStart ? ['stops at start'] : [];
    return [`from ${num(a.startingBalance ?? 0)}`, a.trailing ?? 'intraday', ...stops];
  }
  return a.countOpen ? ['counts open losses'] : [];
}

function describeAlert(a: Alert): string {
  const parts = [ruleLabel(a), ...optionsLabel(a), a.tz, a.active ? 'enabled' : 'disabled'];
  return `${a.name} (${parts.join(', ')})`;
}

/** The prop-firm option flags of `tj alerts add` and `edit`, as body fields. */
function ruleOptionFlags(opts: Opts) {
  return defined({
    startingBalance: opts.startingBalance as number | undefined,
    trailing: opts.trailing as string | undefined,
    stopTrailingAtStart: opts.stopTrailingAtStart as boolean | undefined,
    countOpen: opts.countOpen as boolean | undefined,
  });
}

/** A rule's threshold as shown, or null for missingStopLoss, which has none. */
export function thresholdOf(a: Pick<Alert, 'type' | 'threshold'>): string | null {
  return a.type === 'missingStopLoss' ? null : num(a.threshold);
}

/** A rule's type and threshold (`maxDrawdown 500`; missingStopLoss alone). */
export function ruleLabel(a: Pick<Alert, 'type' | 'threshold'>): string {
  const threshold = thresholdOf(a);
  return threshold === null ? a.type : `${a.type} ${threshold}`;
}

/** `tj alerts add`. */
export async function addAlert(ctx: Context, opts: Opts): Promise<void> {
  const type = opts.type ?? (await ctx.prompt.select({ message: 'Alert type', flag: '--type <type>', choices: TYPES }));
  const name = opts.name ?? (await ctx.prompt.text({ message: 'Name', flag: '--name <name>', required: true }));
  let threshold = opts.threshold as number | undefined;
  if (threshold === undefined && type !== 'missingStopLoss') {
    const v = await ctx.prompt.text({
      message:
        type === 'maxConsecutiveLosses'
          ? 'Threshold (losing trades in a row)'
          : type === 'trailingDrawdown'
            ? 'Drawdown amount (money)'
            : 'Threshold (money)',
      flag: '--threshold <n>',
      required: true,
      validate: (s) => (Number.isFinite(Number(s)) && Number(s) >= 0 ? true : 'a number of 0 or more'),
    });
    threshold = Number(v);
  }
  let startingBalance = opts.startingBalance as number | undefined;
  if (startingBalance === undefined && type === 'trailingDrawdown') {
    const v = await ctx.prompt.text({
      message: 'Starting balance (money)',
      flag: '--starting-balance <n>',
      required: true,
      validate: (s) => (Number.isFinite(Number(s)) && Number(s) >= 0 ? true : 'a number of 0 or more'),
    });
    startingBalance = Number(v);
  }
  const body = { ...defined({ name, type, threshold, tz: ctx.tz }), ...ruleOptionFlags(opts), ...defined({ startingBalance }) };
  const alert = await (await ctx.client()).alerts.create(raw(body));
  ctx.out.result(alert, (a) => ctx.out.line(ctx.out.c.green(`Created alert ${shortId(a.id)}: ${describeAlert(a)}`)));
}

/** `tj alerts list`. */
export async function listAlerts(ctx: Context): Promise<void> {
  const data = await (await ctx.client()).alerts.list();
  ctx.out.result(data, ({ alerts }) => {
    if (alerts.length === 0) return ctx.out.line('No alerts.');
    ctx.out.printTable(
      ['ID', 'Name', 'Type', 'Threshold', 'Options', 'Time zone', 'Active'],
      alerts.map((a) => [
        shortId(a.id),
        a.name,
        a.type,
        thresholdOf(a) ?? NONE,
        optionsLabel(a).join(', ') || NONE,
        a.tz,
        a.active ? 'yes' : 'no',
      ]),
      ['left', 'left', 'left', 'right', 'left', 'left', 'left'],
    );
  });
}

/** Changes an alert and prints it. */
async function updateAlert(ctx: Context, arg: string, body: Record<string, unknown>, verb: string): Promise<void> {
  const id = await resolveId(ctx, 'alert', arg);
  const alert = await (await ctx.client()).alerts.update(id, body);
  ctx.out.result(alert, (a) => ctx.out.line(ctx.out.c.green(`${verb} alert ${shortId(a.id)}: ${describeAlert(a)}`)));
}

/** `tj alerts edit <id>`: name, threshold, and (with --tz) the zone its day is counted in. */
export async function editAlert(ctx: Context, opts: Opts, [arg]: string[]): Promise<void> {
  const body = {
    ...defined({ name: opts.name, threshold: opts.threshold, tz: opts.tz === undefined ? undefined : ctx.tz }),
    ...ruleOptionFlags(opts),
  };
  if (Object.keys(body).length === 0) {
    throw new UsageError(
      'nothing to change: pass --name, --threshold, --tz or an option of the rule (see tj alerts edit --help)',
    );
  }
  await updateAlert(ctx, arg as string, body, 'Updated');
}

/** `tj alerts enable <id>` and `tj alerts disable <id>`. */
function setActive(active: boolean) {
  return (ctx: Context, _opts: Opts, [arg]: string[]) =>
    updateAlert(ctx, arg as string, { active }, active ? 'Enabled' : 'Disabled');
}

/** `tj alerts remove <id>`. */
export async function removeAlert(ctx: Context, _opts: Opts, [arg]: string[]): Promise<void> {
  const id = await resolveId(ctx, 'alert', arg as string);
  await (await ctx.client()).alerts.delete(id);
  ctx.out.result({ deleted: id }, () => ctx.out.line(`Removed alert ${id}`));
}

/** Prints triggers as a table, naming their alert and trade (by short id). */
function printEvents(ctx: Context, events: AlertEvent[], alerts: Alert[]): void {
  if (events.length === 0) {
    ctx.out.line('No alert has fired.');
    return;
  }
  const byId = new Map(alerts.map((a) => [a.id, a]));
  ctx.out.printTable(
    ['Triggered', 'Alert', 'Type', 'Value', 'Trade'],
    events.map((e) => {
      const a = byId.get(e.alertId);
      return [
        dateTime(e.triggeredAt, ctx.tz),
        a?.name ?? e.alertId,
        a?.type ?? NONE,
        num(e.value),
        e.tradeId ? shortId(e.tradeId) : NONE,
      ];
    }),
    ['left', 'left', 'left', 'right', 'left'],
  );
}

/** `tj alerts events [id]`: the triggers of one alert (paged), or the latest of all alerts. */
export async function listEvents(ctx: Context, opts: Opts, [arg]: string[]): Promise<void> {
  const client = await ctx.client();
  const { alerts } = await client.alerts.list();
  if (arg !== undefined) {
    const id = await resolveId(ctx, 'alert', arg);
    const page = await client.alerts.events(id, defined({ page: opts.page, limit: opts.limit }));
    return ctx.out.result(page, (p) => {
      printEvents(ctx, p.events, alerts);
      if (p.pagination.total > 0) {
        ctx.out.line(ctx.out.c.dim(pageLine(p.pagination, 'trigger')));
      }
    });
  }
  const limit = (opts.limit as number | undefined) ?? 20;
  const pages = await Promise.all(alerts.map((a) => client.alerts.events(a.id, { limit: Math.min(limit, 100) })));
  const events = pages
    .flatMap((p) => p.events)
    .sort((a, b) => (a.triggeredAt < b.triggeredAt ? 1 : a.triggeredAt > b.triggeredAt ? -1 : 0))
    .slice(0, limit);
  ctx.out.result({ events }, (d) => printEvents(ctx, d.events, alerts));
}

/** Registers `tj alerts …`. */
export function registerAlerts(program: Command, io: Io): void {
  const alerts = program
    .command('alerts')
    .description('rules that fire alert.triggered webhooks (daily loss limit, losing streak, …)');
  examples(alerts, ['tj alerts add --name "Daily stop" --type dailyLossLimit --threshold 500', 'tj alerts list']);
  const add = alerts
    .command('add')
    .description('add an alert rule (its day is counted in --tz)')
    .option('--name <name>', 'a name for the rule')
    .addOption(new Option('--type <type>', 'what to watch').choices(TYPES))
    .option('--threshold <n>', 'money for loss, drawdown and risk; a count for maxConsecutiveLosses', numberArg)
    .option('--starting-balance <n>', 'trailingDrawdown: the account balance it starts from', numberArg)
    .addOption(
      new Option('--trailing <mode>', 'trailingDrawdown: what the threshold trails (default intraday)').choices(TRAILING_MODES),
    )
    .option('--stop-trailing-at-start', 'trailingDrawdown: the threshold stops trailing at the starting balance')
    .option('--count-open', 'dailyLossLimit: count open positions at their worst mark from bars')
    .action(action(io, addAlert));
  examples(add, [
    'tj alerts add --name "Daily stop" --type dailyLossLimit --threshold 500 --tz America/New_York',
    'tj alerts add --name "Tilt" --type maxConsecutiveLosses --threshold 3',
    'tj alerts add --name "No stop" --type missingStopLoss',
    'tj alerts add --name "Funded 50K" --type trailingDrawdown --threshold 2000 --starting-balance 50000 --stop-trailing-at-start',
    'tj alerts add --name "Daily incl. open" --type dailyLossLimit --threshold 1000 --count-open',
  ]);
  examples(alerts.command('list').description('list alert rules').action(action(io, listAlerts)), ['tj alerts list --json']);

  const edit = alerts
    .command('edit <id>')
    .description('change the name or threshold of a rule; --tz moves the zone its day is counted in')
    .option('--name <name>', 'a new name')
    .option('--threshold <n>', 'a new threshold', numberArg)
    .option('--starting-balance <n>', 'trailingDrawdown: a new starting balance', numberArg)
    .addOption(new Option('--trailing <mode>', 'trailingDrawdown: what the threshold trails').choices(TRAILING_MODES))
    .option('--stop-trailing-at-start', 'trailingDrawdown: stop trailing at the starting balance')
    .option('--no-stop-trailing-at-start', 'trailingDrawdown: keep trailing past the starting balance')
    .option('--count-open', 'dailyLossLimit: count open positions at their worst mark')
    .option('--no-count-open', 'dailyLossLimit: count realised P&L only')
    .action(action(io, editAlert));
  examples(edit, ['tj alerts edit 7f3a9c21e4 --threshold 750', 'tj alerts edit 7f3a9c21e4 --tz Europe/London']);
  examples(
    alerts
      .command('enable <id>')
      .description('turn a rule back on')
      .action(action(io, setActive(true))),
    ['tj alerts enable 7f3a9c21e4'],
  );
  examples(
    alerts
      .command('disable <id>')
      .description('turn a rule off (it keeps its history)')
      .action(action(io, setActive(false))),
    ['tj alerts disable 7f3a9c21e4'],
  );

  const events = alerts
    .command('events [id]')
    .description('when rules fired: one rule (paged), or the latest of all rules')
    .option('--page <n>', 'page number (with an id)', positiveIntArg)
    .option('--limit <n>', 'triggers to show (1-100, default 20)', positiveIntArg)
    .action(action(io, listEvents));
  examples(events, ['tj alerts events', 'tj alerts events 7f3a9c21e4 --json']);

  examples(alerts.command('remove <id>').description('remove an alert rule and its history').action(action(io, removeAlert)), [
    'tj alerts remove 7f3a9c21e4',
  ]);
}
