import { type Command, Option } from 'commander';
import { action, examples, type Opts } from '../command-kit.js';
import type { Context, Io } from '../context.js';
import { num } from '../output/format.js';
import { defined, numberArg } from '../util/args.js';

const TYPES = ['dailyLossLimit', 'maxConsecutiveLosses', 'maxDrawdown', 'riskPerTrade', 'missingStopLoss'] as const;

/** `tj alerts add`. */
export async function addAlert(ctx: Context, opts: Opts): Promise<void> {
  const type = opts.type ?? (await ctx.prompt.select({ message: 'Alert type', flag: '--type <type>', choices: TYPES }));
  const name = opts.name ?? (await ctx.prompt.text({ message: 'Name', flag: '--name <name>', required: true }));
  let threshold = opts.threshold as number | undefined;
  if (threshold === undefined && type !== 'missingStopLoss') {
    const v = await ctx.prompt.text({
      message: type === 'maxConsecutiveLosses' ? 'Threshold (losing trades in a row)' : 'Threshold (money)',
      flag: '--threshold <n>',
      required: true,
      validate: (s) => (Number.isFinite(Number(s)) && Number(s) >= 0 ? true : 'a number of 0 or more'),
    });
    threshold = Number(v);
  }
  const alert = await (await ctx.backend()).alerts.create(defined({ name, type, threshold, tz: ctx.tz }));
  ctx.out.result(alert, (a) =>
    ctx.out.line(ctx.out.c.green(`Created alert ${a.id}: ${a.name} (${a.type} ${a.threshold}, ${a.tz})`)),
  );
}

/** `tj alerts list`. */
export async function listAlerts(ctx: Context): Promise<void> {
  const data = await (await ctx.backend()).alerts.list();
  ctx.out.result(data, ({ alerts }) => {
    if (alerts.length === 0) return ctx.out.line('No alerts.');
    ctx.out.printTable(
      ['ID', 'Name', 'Type', 'Threshold', 'Time zone', 'Active'],
      alerts.map((a) => [a.id, a.name, a.type, num(a.threshold), a.tz, a.active ? 'yes' : 'no']),
      ['left', 'left', 'left', 'right', 'left', 'left'],
    );
  });
}

/** `tj alerts remove <id>`. */
export async function removeAlert(ctx: Context, _opts: Opts, [id]: string[]): Promise<void> {
  await (await ctx.backend()).alerts.delete(id as string);
  ctx.out.result({ deleted: id }, () => ctx.out.line(`Removed alert ${id}`));
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
    .action(action(io, addAlert));
  examples(add, [
    'tj alerts add --name "Daily stop" --type dailyLossLimit --threshold 500 --tz America/New_York',
    'tj alerts add --name "Tilt" --type maxConsecutiveLosses --threshold 3',
    'tj alerts add --name "No stop" --type missingStopLoss',
  ]);
  examples(alerts.command('list').description('list alert rules').action(action(io, listAlerts)), ['tj alerts list --json']);
  examples(alerts.command('remove <id>').description('remove an alert rule').action(action(io, removeAlert)), [
    'tj alerts remove 0193…',
  ]);
}
