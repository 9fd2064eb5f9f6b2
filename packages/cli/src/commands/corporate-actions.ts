import type { Command } from 'commander';
import type { CorporateAction } from '@tj/core';
import { raw } from '../backend/client.js';
import { resolveId } from '../backend/resolve-id.js';
import { action, examples, type Opts } from '../command-kit.js';
import type { Context, Io } from '../context.js';
import { UsageError } from '../errors.js';
import { clip, dateTime, plural } from '../output/format.js';
import { dateTimeFlag, defined } from '../util/args.js';
import { isCalendarDate } from '../util/dates.js';
import { shortId } from '@tj/core/ids';

/** What an action changes, in a few words: `split 4:1`, `renamed META`. */
function changeOf(a: Pick<CorporateAction, 'kind' | 'ratio' | 'newInstrument'>): string {
  return a.kind === 'split' ? `split ${a.ratio}` : `renamed ${a.newInstrument}`;
}

/** The action in a sentence: `4:1 split of AAPL (account U1) effective 2026-08-31 02:00`. */
function describe(a: CorporateAction, tz: string): string {
  const what = a.kind === 'split' ? `${a.ratio} split of ${a.instrument}` : `change of ${a.instrument} to ${a.newInstrument}`;
  return `${what}${a.account === null ? '' : ` (account ${a.account})`} effective ${dateTime(a.effectiveAt, tz)}`;
}

/** `--date`: a date goes as it is (the start of that day in UTC); a date-time is read in --tz. */
function effectiveAtOf(value: string, tz: string): string {
  return isCalendarDate(value.trim()) ? value.trim() : dateTimeFlag('--date', value, tz);
}

/** `tj corporate-actions add`: a split (--split NEW:OLD) or a symbol change (--rename NEWSYM). */
export async function addCorporateAction(ctx: Context, opts: Opts): Promise<void> {
  if (opts.split !== undefined && opts.rename !== undefined) throw new UsageError('give --split or --rename, not both');
  if (opts.split === undefined && opts.rename === undefined) {
    throw new UsageError('give --split NEW:OLD (such as 4:1, or 1:10 for a reverse split) or --rename NEWSYMBOL');
  }
  const instrument =
    opts.instrument ??
    (await ctx.prompt.text({ message: 'Instrument (as your trades carry it)', flag: '--instrument <symbol>', required: true }));
  const date =
    opts.date ??
    (await ctx.prompt.text({ message: 'Effective date (YYYY-MM-DD, or a date-time)', flag: '--date <date>', required: true }));
  const body = defined({
    kind: opts.split !== undefined ? 'split' : 'symbolChange',
    instrument,
    effectiveAt: effectiveAtOf(date, ctx.tz),
    ratio: opts.split,
    newInstrument: opts.rename,
    account: opts.account,
    note: opts.note,
  });
  const client = await ctx.client();
  const created = await client.corporateActions.create(raw(body));
  ctx.out.result(created, (a) => {
    ctx.out.line(ctx.out.c.green(`Recorded the ${describe(a, ctx.tz)} (${shortId(a.id)})`));
    const adjusted = a.adjustedTradeIds.map(shortId);
    ctx.out.line(
      adjusted.length === 0
        ? 'No open trade was entered before it: nothing to adjust.'
        : `Adjusted ${plural(adjusted.length, 'open trade')}: ${adjusted.join(', ')}`,
    );
  });
}

/** `tj corporate-actions list`. */
export async function listCorporateActions(ctx: Context, opts: Opts): Promise<void> {
  const data = await (await ctx.client()).corporateActions.list(defined({ instrument: opts.instrument, account: opts.account }));
  ctx.out.result(data, ({ corporateActions }) => {
    if (corporateActions.length === 0) return ctx.out.line('No corporate actions.');
    ctx.out.printTable(
      ['ID', 'Instrument', 'Change', 'Account', 'Effective', 'From', 'Note'],
      corporateActions.map((a) => [
        shortId(a.id),
        a.instrument,
        changeOf(a),
        a.account ?? 'all',
        dateTime(a.effectiveAt, ctx.tz),
        a.importId === null ? 'by hand' : 'import',
        clip(a.note, 40),
      ]),
    );
  });
}

/** `tj corporate-actions delete <id>`: deletes it and undoes it on the open trades it covers. */
export async function deleteCorporateAction(ctx: Context, _opts: Opts, [arg]: string[]): Promise<void> {
  const id = await resolveId(ctx, 'corporateAction', arg as string);
  await (await ctx.client()).corporateActions.delete(id);
  ctx.out.result({ deleted: id }, () =>
    ctx.out.line(`Deleted corporate action ${id} and undid it on the open trades it covered`),
  );
}

/** Registers `tj corporate-actions …`. */
export function registerCorporateActions(program: Command, io: Io): void {
  const actions = program
    .command('corporate-actions')
    .description('splits and symbol changes: they adjust your open trades entered before them');
  examples(actions, ['tj corporate-actions add --split 4:1 --instrument AAPL --date 2026-08-31', 'tj corporate-actions list']);

  const add = actions
    .command('add')
    .description('record a split or a symbol change and adjust the open trades entered before it')
    .option('--split <new:old>', 'a split: shares after : shares before (4:1 forward, 1:10 reverse)')
    .option('--rename <symbol>', 'a symbol change: the new symbol')
    .option('--instrument <symbol>', 'the instrument as your trades carry it (for --rename: the old symbol)')
    .option('--date <date>', 'when it took effect: YYYY-MM-DD (the start of that day in UTC) or a date-time in --tz')
    .option('--account <account>', 'only this account’s trades (default: every account)')
    .option('--note <text>', 'a note to keep with it')
    .action(action(io, addCorporateAction));
  examples(add, [
    'tj corporate-actions add --split 4:1 --instrument AAPL --date 2026-08-31',
    'tj corporate-actions add --split 1:10 --instrument XYZ --date 2026-02-17 --account U1234567',
    'tj corporate-actions add --rename META --instrument FB --date 2022-06-09',
  ]);

  const list = actions
    .command('list')
    .description('list splits and symbol changes, newest first')
    .option('--instrument <symbol>', 'only this instrument’s (a symbol change also under its new symbol)')
    .option('--account <account>', 'only those that apply to this account')
    .action(action(io, listCorporateActions));
  examples(list, ['tj corporate-actions list --instrument AAPL', 'tj corporate-actions list --json']);

  examples(
    actions
      .command('delete <id>')
      .description('delete an action and undo it on the open trades it covers (refused when one went on past it)')
      .action(action(io, deleteCorporateAction)),
    ['tj corporate-actions delete 7f3a9c21e4'],
  );
}
