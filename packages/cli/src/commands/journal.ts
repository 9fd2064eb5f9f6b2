import { shortId } from '@tj/core/ids';
import { type Command, Option } from 'commander';
import { action, examples, type Opts } from '../command-kit.js';
import { raw } from '../backend/client.js';
import { resolveId } from '../backend/resolve-id.js';
import type { Context, Io } from '../context.js';
import { UsageError } from '../errors.js';
import { dateRangeFlags, defined, listArg, positiveIntArg } from '../util/args.js';
import { dayArg, showDay, tradingToday } from '../views/day-view.js';
import { printJournalEntry, printJournalTable } from '../views/journal-view.js';
import {
  addJournalFieldOptions,
  clearedJournalFields,
  JOURNAL_CLEARABLE,
  journalBodyFromFlags,
  promptJournalFields,
} from './journal-fields.js';
import { deleteConfirmed } from './trades-write.js';

/** `tj journal add`: prompts for every field on a terminal; flags skip their prompts. */
export async function addEntry(ctx: Context, opts: Opts): Promise<void> {
  const body = journalBodyFromFlags(opts);
  await promptJournalFields(ctx, body);
  body.date ??= await tradingToday(ctx);
  const entry = await (await ctx.client()).journal.create(raw(body));
  ctx.out.result(entry, (e) => {
    ctx.out.line(ctx.out.c.green(`Created ${e.type} journal entry ${shortId(e.id)} for ${e.date}`));
    printJournalEntry(ctx.out, e, ctx.tz);
  });
}

/** `tj journal list`. */
export async function listEntries(ctx: Context, opts: Opts): Promise<void> {
  const query = defined({
    ...dateRangeFlags(opts),
    type: opts.type,
    page: opts.page,
    limit: opts.limit,
  });
  const client = await ctx.client();
  const page = await client.journal.list(query);
  ctx.out.result(page, (p) => printJournalTable(ctx.out, p.entries, p.pagination));
}

/** `tj journal show <id|DAY>`: one entry, or a day: its entries, its trades and their P&L. */
export async function showEntry(ctx: Context, _opts: Opts, [arg]: string[]): Promise<void> {
  const day = await dayArg(ctx, arg as string);
  if (day !== undefined) return showDay(ctx, day);
  const entry = await (await ctx.client()).journal.get(await resolveId(ctx, 'journal', arg as string));
  ctx.out.result(entry, (e) => printJournalEntry(ctx.out, e, ctx.tz));
}

/** `tj journal edit <id>`. */
export async function editEntry(ctx: Context, opts: Opts, [arg]: string[]): Promise<void> {
  const body = journalBodyFromFlags(opts);
  clearedJournalFields(opts.clear, body);
  if (Object.keys(body).length === 0)
    throw new UsageError('nothing to change: pass the fields to change as flags (see tj journal edit --help)');
  const entry = await (await ctx.client()).journal.update(await resolveId(ctx, 'journal', arg as string), body);
  ctx.out.result(entry, (e) => {
    ctx.out.line(ctx.out.c.green(`Updated journal entry ${shortId(e.id)}`));
    printJournalEntry(ctx.out, e, ctx.tz);
  });
}

/** `tj journal delete <id>`. */
export async function deleteEntry(ctx: Context, opts: Opts, [arg]: string[]): Promise<void> {
  const id = await resolveId(ctx, 'journal', arg as string);
  await deleteConfirmed(ctx, opts, 'journal entry', id, (client, entryId) => client.journal.delete(entryId));
}

/** Registers `tj journal …`. */
export function registerJournal(program: Command, io: Io): void {
  const journal = program.command('journal').description('your trading journal: daily, weekly and monthly entries');
  examples(journal, ['tj journal add', 'tj journal list --from 2026-11-01']);

  const add = addJournalFieldOptions(
    journal.command('add').description('write an entry (asks for every field on a terminal; flags skip prompts)'),
  );
  add.action(action(io, addEntry));
  examples(add, [
    'tj journal add          # asks for every field',
    'tj journal add --date 2026-11-20 --plan "Fade the open" --energy 7 --focus 8 --stress 3 --confidence 6 --lessons "Wait for the retest; Size down on Fridays"',
    'tj journal add --no-input --review "Good day"   # today, no prompts',
  ]);

  const list = journal
    .command('list')
    .description('list entries, newest date first')
    .option('--from <date>', 'from this date, YYYY-MM-DD')
    .option('--to <date>', 'up to this date, inclusive')
    .addOption(new Option('--type <type>', 'daily, weekly or monthly').choices(['daily', 'weekly', 'monthly']))
    .option('--page <n>', 'page number', positiveIntArg)
    .option('--limit <n>', 'entries per page (1-100, default 20)', positiveIntArg)
    .action(action(io, listEntries));
  examples(list, ['tj journal list', 'tj journal list --type weekly --json']);

  const show = journal
    .command('show <id|day>')
    .description('show one entry in full, or a day (YYYY-MM-DD, today, yesterday): its entries, trades and P&L')
    .action(action(io, showEntry));
  examples(show, ['tj journal show 7f3a9c21e4', 'tj journal show 2026-11-20', 'tj journal show today --tz America/New_York']);

  const edit = addJournalFieldOptions(
    journal.command('edit <id>').description('change fields of an entry (emotion scores merge)'),
  )
    .option('--clear <fields>', `clear fields: ${JOURNAL_CLEARABLE.join(', ')}`, listArg)
    .action(action(io, editEntry));
  examples(edit, [
    'tj journal edit 7f3a9c21e4 --stress 2 --review "Stuck to the plan"',
    'tj journal edit 7f3a9c21e4 --clear premarket,stress',
  ]);

  const del = journal
    .command('delete <id>')
    .description('delete an entry')
    .option('-y, --yes', 'do not ask for confirmation')
    .action(action(io, deleteEntry));
  examples(del, ['tj journal delete 7f3a9c21e4 --yes']);
}
