import type { Settings } from '@tj/core';
import type { Command } from 'commander';
import { action, examples, type Opts } from '../command-kit.js';
import type { Context, Io } from '../context.js';
import { UsageError } from '../errors.js';
import { money } from '../output/format.js';
import type { Output } from '../output/output.js';
import { commissionOf, commissionText } from './settings-commission.js';

type Start = Settings['tradingDayStart'];

/** A trading day start in words. */
function startText(start: Start, fallback: string): string {
  if (start === null) return fallback;
  return `${start.time} ${start.timeZone ?? 'in --tz'}`;
}

type Scope = Omit<Settings, 'accounts'>;

/** The risk lines of one scope: its default and each instrument root's. */
function riskLines(s: Scope, indent: string, fallback: string): Array<[string, string]> {
  const lines: Array<[string, string]> = [[`${indent}Default risk`, s.defaultRisk === null ? fallback : money(s.defaultRisk)]];
  for (const [root, r] of Object.entries(s.instruments)) {
    lines.push([`${indent}  ${root}`, r.stopPoints !== null ? `stop ${r.stopPoints} points` : money(r.risk)]);
  }
  return lines;
}

/** Prints the settings as label/value lines. */
export function printSettings(out: Output, s: Settings): void {
  out.printFields([
    ['Base currency', s.baseCurrency ?? 'none (analytics answer in the one currency your trades are in)'],
    ['Trading day starts', startText(s.tradingDayStart, 'midnight in --tz (the default)')],
    ...riskLines(s, '', 'none (trades without a stop have no R)'),
    ['Commission schedule', commissionText(s.commission, 'none')],
    ...Object.entries(s.accounts).flatMap(
      ([account, a]): Array<[string, string]> => [
        [`  account ${account}`, startText(a.tradingDayStart, 'as the user')],
        ['    Base currency', a.baseCurrency ?? 'none'],
        ...riskLines(a, '    ', 'as the user'),
        ['    Commission schedule', commissionText(a.commission, 'as the user')],
      ],
    ),
  ]);
}

const ROOT_RISK = /^([A-Za-z0-9]{1,16})=(\d+(?:\.\d+)?)(pts?|points?)?$/i;

/** `--instrument-risk ES=4pt` (a stop distance in points) or `AAPL=50` (money); `ES=off` drops it. */
function instrumentRisks(values: string[] | undefined): Record<string, unknown> | undefined {
  if (values === undefined || values.length === 0) return undefined;
  const out: Record<string, unknown> = {};
  for (const v of values) {
    const off = /^([A-Za-z0-9]{1,16})=off$/i.exec(v.trim());
    if (off) {
      out[(off[1] as string).toUpperCase()] = null;
      continue;
    }
    const m = ROOT_RISK.exec(v.trim());
    if (!m)
      throw new UsageError(`--instrument-risk takes ROOT=MONEY, ROOT=POINTSpt or ROOT=off (e.g. AAPL=50, ES=4pt), not "${v}"`);
    out[(m[1] as string).toUpperCase()] = m[3]
      ? { stopPoints: Number(m[2]), risk: null }
      : { risk: Number(m[2]), stopPoints: null };
  }
  return out;
}

/** `--default-risk 100`, or `off` to clear it. */
function defaultRiskOf(value: string | undefined): number | null | undefined {
  if (value === undefined) return undefined;
  if (value.trim().toLowerCase() === 'off') return null;
  const n = Number(value);
  if (!Number.isFinite(n)) throw new UsageError(`--default-risk takes an amount of money or off, not "${value}"`);
  return n;
}

/** `tj settings get`. */
export async function getSettings(ctx: Context): Promise<void> {
  const s = await (await ctx.client()).settings.get();
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
  const scope: Record<string, unknown> = {};
  const start = startOf(opts);
  const risk = defaultRiskOf(opts.defaultRisk as string | undefined);
  const instruments = instrumentRisks(opts.instrumentRisk as string[] | undefined);
  const commission = commissionOf(opts);
  if (start !== undefined) scope.tradingDayStart = start;
  if (risk !== undefined) scope.defaultRisk = risk;
  if (instruments !== undefined) scope.instruments = instruments;
  if (commission !== undefined) scope.commission = commission;
  const base = opts.baseCurrency as string | undefined;
  if (base !== undefined) scope.baseCurrency = base.trim().toLowerCase() === 'off' ? null : base.trim();
  let body: Record<string, unknown>;
  if (opts.clear) {
    if (account === undefined) throw new UsageError('--clear drops the settings of an --account');
    body = { accounts: { [account]: null } };
  } else if (Object.keys(scope).length === 0) {
    throw new UsageError(
      'nothing to set: give --base-currency, --trading-day-start, --default-risk, --instrument-risk or --commission-… (or --account NAME --clear)',
    );
  } else {
    body = account === undefined ? scope : { accounts: { [account]: scope } };
  }
  const s = await (await ctx.client()).settings.update(body);
  ctx.out.result(s, (v) => printSettings(ctx.out, v));
}

/** Registers `tj settings get|set`. */
export function registerSettings(program: Command, io: Io): void {
  const settings = program
    .command('settings')
    .description(
      'your settings: when a trading day starts, the risk that gives trades without a stop an R, and the commission schedule of files without fees (for you, or per account)',
    );
  examples(settings, ['tj settings get', 'tj settings set --trading-day-start 17:00 --trading-day-zone America/Chicago']);
  const get = settings.command('get').description('show the settings').action(action(io, getSettings));
  examples(get, ['tj settings get', 'tj settings get --json']);
  const set = settings
    .command('set')
    .description('change settings; what you leave out stays')
    .option(
      '--base-currency <code>',
      "yours: the currency analytics report in; an account's: the currency of its trades that state none, and of its broker's own FX rates; off clears",
    )
    .option('--trading-day-start <HH:MM>', 'when a trading day starts (17:00 for CME futures); midnight: the default')
    .option('--trading-day-zone <zone>', 'the IANA zone of that time (default: the --tz of each command)')
    .option('--default-risk <money>', 'money a trade without a stop risks, for its R multiple; off: none')
    .option(
      '--instrument-risk <ROOT=risk>',
      'risk of one instrument root: money (AAPL=50), a stop in points (ES=4pt) or off; repeatable',
      (v: string, all: string[] = []) => [...all, v],
    )
    .option('--commission-per-share <money>', 'commission schedule: per share (stocks, ETFs); off clears it')
    .option('--commission-per-contract <money>', 'commission schedule: per contract (futures, options); off clears it')
    .option('--commission-per-order <money>', 'commission schedule: per order; off clears it')
    .option('--commission-minimum <money>', 'commission schedule: at least this per order; off clears it')
    .option('--commission <off>', 'off: drop the commission schedule')
    .option('--account <name>', 'set it for one broker account only')
    .option('--clear', "drop an account's own settings (it then follows yours)")
    .action(action(io, setSettings));
  examples(set, [
    'tj settings set --trading-day-start 17:00 --trading-day-zone America/Chicago',
    'tj settings set --account CME --trading-day-start 18:00 --trading-day-zone America/New_York',
    'tj settings set --trading-day-start midnight',
    'tj settings set --default-risk 200 --instrument-risk ES=4pt --instrument-risk NQ=10pt',
    'tj settings set --account Tradovate-1 --commission-per-contract 1.29',
    'tj settings set --commission-per-share 0.005 --commission-minimum 1',
    'tj settings set --account Tradovate-1 --commission off',
    'tj settings set --base-currency USD',
    'tj settings set --account IBKR-EU --base-currency EUR',
    'tj settings set --account CME --clear',
  ]);
}
