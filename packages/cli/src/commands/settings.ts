import type { Settings } from '@tj/core';
import type { Command } from 'commander';
import { action, examples, type Opts } from '../command-kit.js';
import type { Context, Io } from '../context.js';
import { UsageError } from '../errors.js';
import type { Output } from '../output/output.js';

type Start = Settings['tradingDayStart'];

/** A trading day start in words. */
function startText(start: Start, fallback: string): string {
  if (start === null) return fallback;
  return `${start.time} ${start.timeZone ?? 'in --tz'}`;
}

/** Prints the settings as label/value lines. */
export function printSettings(out: Output, s: Settings): void {
  out.printFields([
    ['Trading day starts', startText(s.tradingDayStart, 'midnight in --tz (the default)')],
    ...Object.entries(s.accounts).map(([account, a]): [string, string] => [
      `  account ${account}`,
      startText(a.tradingDayStart, 'as the user'),
    ]),
  ]);
}

/** `tj settings get`. */
export async function getSettings(ctx: Context): Promise<void> {
  const s = await (await ctx.backend()).settings.get();
  ctx.out.result(s, (v) => printSettings(ctx.out, v));
}

/** The trading day start of the flags: `HH:MM` (with --trading-day-zone), or `midnight` for the default. */
function startOf(opts: Opts): Record<string, unknown> | null | undefined {
  const time = opts.tradingDayStart as string | undefined;
  const zone = opts.tradingDayZone as string | undefined;
  if (time === undefined) {
    if (zone !== undefined) throw new UsageError('--trading-day-zone needs --trading-day-start');
    return undefined;
  }
  if (time.trim().toLowerCase() === 'midnight') {
    if (zone !== undefined) throw new UsageError('--trading-day-zone does not go with --trading-day-start midnight');
    return null;
  }
  return { time: time.trim(), ...(zone !== undefined && { timeZone: zone.trim() }) };
}

/** `tj settings set`. */
export async function setSettings(ctx: Context, opts: Opts): Promise<void> {
  const account = opts.account as string | undefined;
  const start = startOf(opts);
  let body: Record<string, unknown>;
  if (opts.clear) {
    if (account === undefined) throw new UsageError('--clear drops the settings of an --account');
    body = { accounts: { [account]: null } };
  } else if (start === undefined) {
    throw new UsageError('nothing to set: give --trading-day-start (or --account NAME --clear)');
  } else {
    body = account === undefined ? { tradingDayStart: start } : { accounts: { [account]: { tradingDayStart: start } } };
  }
  const s = await (await ctx.backend()).settings.update(body);
  ctx.out.result(s, (v) => printSettings(ctx.out, v));
}

/** Registers `tj settings get|set`. */
export function registerSettings(program: Command, io: Io): void {
  const settings = program.command('settings').description('your settings: when a trading day starts (for you, or per account)');
  examples(settings, ['tj settings get', 'tj settings set --trading-day-start 17:00 --trading-day-zone America/Chicago']);
  const get = settings.command('get').description('show the settings').action(action(io, getSettings));
  examples(get, ['tj settings get', 'tj settings get --json']);
  const set = settings
    .command('set')
    .description('change settings; what you leave out stays')
    .option('--trading-day-start <HH:MM>', 'when a trading day starts (17:00 for CME futures); midnight: the default')
    .option('--trading-day-zone <zone>', 'the IANA zone of that time (default: the --tz of each command)')
    .option('--account <name>', 'set it for one broker account only')
    .option('--clear', "drop an account's own settings (it then follows yours)")
    .action(action(io, setSettings));
  examples(set, [
    'tj settings set --trading-day-start 17:00 --trading-day-zone America/Chicago',
    'tj settings set --account CME --trading-day-start 18:00 --trading-day-zone America/New_York',
    'tj settings set --trading-day-start midnight',
    'tj settings set --account CME --clear',
  ]);
}
