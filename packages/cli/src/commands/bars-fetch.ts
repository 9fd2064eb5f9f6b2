import { type Command, Option } from 'commander';
import type { BarFetchInput, BarsFetched } from '@tj/core';
import { action, examples, type Opts } from '../command-kit.js';
import type { Context, Io } from '../context.js';
import { UsageError } from '../errors.js';
import { plural } from '../output/format.js';
import type { Output } from '../output/output.js';
import { defined } from '../util/args.js';

/** The environment variable each provider's key is read from unless `--key-env` names another. */
export const KEY_ENV: Readonly<Record<string, string>> = { databento: 'DATABENTO_API_KEY', polygon: 'POLYGON_API_KEY' };

/**
 * The provider key, from the environment only: a flag's value would stay in the shell's history
 * and in the process list (docs/cli.md, "tj bars fetch").
 */
function keyOf(env: Readonly<Record<string, string | undefined>>, provider: string, keyEnv: string | undefined): string {
  const name = keyEnv ?? KEY_ENV[provider] ?? '';
  if (keyEnv !== undefined && !/^[A-Za-z_][A-Za-z0-9_]*$/.test(keyEnv))
    throw new UsageError(`--key-env takes the name of an environment variable, not "${keyEnv}"`);
  const key = env[name]?.trim();
  if (!key)
    throw new UsageError(`set ${name} to your ${provider} API key (keys are read from the environment, never from a flag)`);
  return key;
}

/** A stretch's ends as a short UTC text. */
const when = (iso: string) =>
  iso
    .replace('T', ' ')
    .replace(/:00\.000Z$/, '')
    .replace(/\.\d{3}Z$/, '');

/** What a fetch did, in a sentence and a line per stretch. */
function printFetched(out: Output, f: BarsFetched): void {
  const about = f.trades === null ? '' : ` for ${plural(f.trades, 'closed trade')}`;
  if (f.stretches.length === 0) {
    out.line(`Nothing to fetch${about}: your bars already cover it (${f.timeframe}).`);
    return;
  }
  out.line(
    `Fetched ${plural(f.stretches.length, 'stretch', 'stretches')} of ${f.timeframe} bars from ${f.provider}${about}: ${plural(f.received, 'bar')} received, ${f.written} new.`,
  );
  for (const s of f.stretches) {
    const note = s.complete ? '' : ' (the provider has no data past this yet)';
    out.line(`  ${s.instrument}  ${when(s.from)} → ${when(s.to)}  ${plural(s.received, 'bar')}${note}`);
  }
}

/** `tj bars fetch`: bars of an instrument over a range, or those your closed trades lack, from a provider with your key. */
export async function fetchBars(ctx: Context, opts: Opts): Promise<void> {
  const provider = String(opts.provider);
  const apiKey = keyOf(ctx.env, provider, opts.keyEnv as string | undefined);
  let body: BarFetchInput;
  if (opts.trades) {
    const trades = defined({
      instrument: opts.instrument,
      account: opts.account,
      assetClass: opts.assetClass,
      setup: opts.setup,
      tag: opts.tag,
      dateFrom: opts.from,
      dateTo: opts.to,
      paddingMinutes: opts.padding,
    });
    body = defined({ provider, apiKey, timeframe: opts.timeframe, trades }) as BarFetchInput;
  } else {
    if (opts.instrument === undefined || opts.from === undefined || opts.to === undefined)
      throw new UsageError('give --instrument, --from and --to (or --trades for the bars your closed trades lack)');
    for (const flag of ['account', 'assetClass', 'setup', 'tag', 'padding'] as const)
      if (opts[flag] !== undefined)
        throw new UsageError('--account, --asset-class, --setup, --tag and --padding go with --trades');
    body = defined({
      provider,
      apiKey,
      timeframe: opts.timeframe,
      instrument: opts.instrument,
      from: opts.from,
      to: opts.to,
    }) as BarFetchInput;
  }
  const fetched = await (await ctx.client()).bars.fetch(body);
  ctx.out.result(fetched, (f) => printFetched(ctx.out, f));
}

/** The `tj bars` group: the one another command registered, or a new one. */
function barsGroup(program: Command): Command {
  const held = program.commands.find((c) => c.name() === 'bars');
  if (held !== undefined) return held;
  const group = program.command('bars').description('price bars: what excursions (MAE/MFE) and trade charts are drawn from');
  examples(group, ['tj bars fetch --provider databento --instrument ES --from 2026-11-02 --to 2026-11-06']);
  return group;
}

/** Registers `tj bars fetch` (under the `tj bars` group). */
export function registerBarsFetch(program: Command, io: Io): void {
  const fetch = barsGroup(program)
    .command('fetch')
    .description(
      'fetch bars from a provider with your own key (read from DATABENTO_API_KEY / POLYGON_API_KEY); what you hold is never fetched again',
    )
    .addOption(
      new Option('--provider <name>', 'databento (CME futures) or polygon (US stocks and options)')
        .choices(['databento', 'polygon'])
        .makeOptionMandatory(),
    )
    .option(
      '--instrument <symbol>',
      'ESZ6 (a contract), ES (continuous front month), AAPL, an OCC option symbol; with --trades: only its trades',
    )
    .option('--from <date>', 'start: YYYY-MM-DD (00:00 UTC) or an ISO date-time; with --trades: trades entered from this day')
    .option(
      '--to <date>',
      'end: YYYY-MM-DD (that whole UTC day) or an ISO date-time; with --trades: trades entered up to this day',
    )
    .addOption(new Option('--timeframe <tf>', 'bar size (default 1m)').choices(['1m', '5m', '15m', '30m', '1h', '4h', '1d']))
    .option('--trades', 'fetch what your closed trades lack, entry − padding to exit + padding')
    .option('--padding <minutes>', 'with --trades: minutes before the entry and after the exit (default 30)', Number)
    .option('--account <account>', 'with --trades: only trades of this broker account')
    .addOption(
      new Option('--asset-class <class>', 'with --trades: only this asset class').choices([
        'stock',
        'option',
        'future',
        'forex',
        'crypto',
      ]),
    )
    .option('--setup <name>', 'with --trades: only trades of this setup')
    .option('--tag <tag>', 'with --trades: only trades carrying this tag')
    .option('--key-env <name>', 'read the key from this environment variable instead')
    .action(action(io, fetchBars));
  examples(fetch, [
    'tj bars fetch --provider databento --instrument ES --from 2026-11-02 --to 2026-11-06',
    'tj bars fetch --provider polygon --trades --asset-class option',
    'tj bars fetch --provider polygon --instrument AAPL --from 2026-11-02 --to 2026-11-02 --key-env MY_POLYGON_KEY',
  ]);
}
