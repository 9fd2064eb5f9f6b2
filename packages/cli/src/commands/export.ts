import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { Argument, type Command, Option } from 'commander';
import type { JournalEntry, Pagination, Trade } from '@tj/core';
import { action, examples, type Opts } from '../command-kit.js';
import type { Context, Io } from '../context.js';
import { fileError } from '../errors.js';
import { countLine, progressEnabled, StatusLine } from '../output/progress.js';
import { dateRangeFlags, defined } from '../util/args.js';
import { tradeFilter } from './trades.js';

/** Where an export goes: a file (--out) or stdout. */
interface TextSink {
  write(text: string): Promise<void>;
  end(): Promise<void>;
}

/** A file opened for writing (so a bad path fails before anything is fetched); errors name the path. */
async function fileSink(path: string): Promise<TextSink> {
  const stream = createWriteStream(path, { encoding: 'utf8' });
  const failed = new Promise<never>((_, reject) => stream.once('error', (e) => reject(fileError(e, path, true))));
  failed.catch(() => {});
  await Promise.race([once(stream, 'open'), failed]);
  return {
    async write(text) {
      if (!stream.write(text)) await Promise.race([once(stream, 'drain'), failed]);
    },
    async end() {
      await new Promise<void>((resolve) => stream.end(() => resolve()));
      if (stream.errored) throw fileError(stream.errored, path, true);
    },
  };
}

/** Every item of a paged list, 100 per request; `onTotal` hears the list's total once the first page is in. */
async function* allPages<T>(
  fetchPage: (page: number) => Promise<{ items: T[]; pagination: Pagination }>,
  onTotal: (total: number) => void,
): AsyncGenerator<T> {
  for (let page = 1; ; page++) {
    const { items, pagination } = await fetchPage(page);
    if (page === 1) onTotal(pagination.total);
    yield* items;
    if (page >= pagination.pages) return;
  }
}

const JOURNAL_COLUMNS = [
  'id',
  'date',
  'type',
  'premarketAnalysis',
  'tradingPlan',
  'postmarketReview',
  'energy',
  'focus',
  'stress',
  'confidence',
  'lessonsLearned',
  'tags',
  'createdAt',
  'updatedAt',
];

/** Core's CSV cell writers: plain quoting (numbers, dates) and quoting that neutralises a formula-like text. */
interface CsvCells {
  quoteCsvCell(value: string): string;
  neutralizeCsvCell(value: string): string;
}

function journalRow(e: JournalEntry, csv: CsvCells): string {
  const s = e.emotionalState;
  const text = (v: string | null) => csv.neutralizeCsvCell(v ?? '');
  const plain = (v: string | number | null) => csv.quoteCsvCell(v === null ? '' : String(v));
  const cells = [
    text(e.id),
    plain(e.date),
    text(e.type),
    text(e.premarketAnalysis),
    text(e.tradingPlan),
    text(e.postmarketReview),
    plain(s.energy),
    plain(s.focus),
    plain(s.stress),
    plain(s.confidence),
    text(e.lessonsLearned.join('\n')),
    text(e.tags.join(';')),
    plain(e.createdAt),
    plain(e.updatedAt),
  ];
  return cells.join(',');
}

/** `tj export trades|journal --format csv|json [--out FILE]`. */
export async function exportData(ctx: Context, opts: Opts, [what]: string[]): Promise<void> {
  const core = await import('@tj/core/internal');
  const client = await ctx.client();
  const format = opts.format ?? 'csv';
  const sink: TextSink = opts.out ? await fileSink(opts.out) : { write: (t) => ctx.out.write(t), end: async () => {} };
  const noun = what === 'trades' ? 'trades' : 'journal entries';
  const status = new StatusLine(
    ctx.io.stderr,
    progressEnabled(ctx.io.stderr, opts.progress, !opts.out && ctx.io.stdout.isTTY === true),
  );
  let total: number | undefined;
  const onTotal = (n: number) => {
    total = n;
  };
  let items: AsyncGenerator<Trade | JournalEntry>;
  let header: string;
  let row: (item: never) => string;
  if (what === 'trades') {
    const filter = tradeFilter(ctx, opts);
    items = allPages(async (page) => {
      const r = await client.trades.list({ ...filter, page, limit: 100 });
      return { items: r.trades, pagination: r.pagination };
    }, onTotal);
    header = core.formatTradesCsvHeader();
    row = (t: Trade) => core.formatTradeCsvRow(t);
  } else {
    const query = defined({
      ...dateRangeFlags(opts),
    });
    items = allPages(async (page) => {
      const r = await client.journal.list({ ...query, page, limit: 100 });
      return { items: r.entries, pagination: r.pagination };
    }, onTotal);
    header = JOURNAL_COLUMNS.join(',');
    row = (e: JournalEntry) => journalRow(e, core);
  }
  let count = 0;
  try {
    await sink.write(format === 'csv' ? `${header}\n` : '[');
    for await (const item of items) {
      const text = format === 'csv' ? `${row(item as never)}\n` : `${count === 0 ? '\n' : ',\n'}  ${JSON.stringify(item)}`;
      await sink.write(text);
      if (++count === 1 || count % 100 === 0) status.show(countLine(`Exporting ${noun}`, count, total, noun));
    }
    if (format === 'json') await sink.write(count === 0 ? ']\n' : '\n]\n');
    await sink.end();
  } finally {
    status.clear();
  }
  if (opts.out)
    ctx.out.result({ exported: count, what, format, file: opts.out }, (d) =>
      ctx.out.line(`Exported ${d.exported} ${noun} to ${d.file}`),
    );
}

/** Registers `tj export`. */
export function registerExport(program: Command, io: Io): void {
  const cmd = program
    .command('export')
    .addArgument(new Argument('<what>', 'trades or journal').choices(['trades', 'journal']))
    .description('write trades or journal entries as CSV or JSON (trades CSV is what tj import reads back)')
    .addOption(new Option('--format <format>', 'csv or json (default csv)').choices(['csv', 'json']))
    .option('--out <file>', 'write to this file instead of stdout')
    .addOption(new Option('--status <status>', 'trades: open, closed or all').choices(['open', 'closed', 'all']))
    .option('--instrument <symbol>', 'trades: only this instrument')
    .option('--from <date>', 'from this date (trades: entry; journal: entry date)')
    .option('--to <date>', 'up to this date, inclusive')
    .option('--no-progress', 'no progress line (it is shown only when stderr is a terminal)')
    .action(action(io, exportData));
  examples(cmd, [
    'tj export trades --format csv --out trades.csv',
    'tj export trades --format json --status closed > closed.json',
    'tj export journal --format csv --from 2026-01-01 --out journal.csv',
  ]);
}
