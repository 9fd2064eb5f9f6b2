import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { action, examples, type Opts } from '../command-kit.js';
import type { Context, Io } from '../context.js';
import { fileError } from '../errors.js';
import { progressEnabled, StatusLine } from '../output/progress.js';
import { defined, numberArg } from '../util/args.js';
import { openInBrowser } from '../util/open.js';
import { addAnalyticsFilterOptions, addCurrencyOption, analyticsFilter } from './trades.js';

/** `tj report`: the summary report as one self-contained HTML file, optionally opened in a browser. */
export async function report(ctx: Context, opts: Opts): Promise<void> {
  const out = String(opts.out ?? 'report.html');
  const query = {
    ...analyticsFilter(ctx, opts),
    ...defined({ startingBalance: opts.startingBalance, bucketSize: opts.bucketSize }),
  };
  const client = await ctx.client();
  const status = new StatusLine(
    ctx.io.stderr,
    progressEnabled(ctx.io.stderr, opts.progress, out === '-' && ctx.io.stdout.isTTY === true),
  );
  let page: string;
  try {
    status.show(ctx.mode === 'remote' ? `Building the report on ${ctx.where}…` : 'Reading trades…', true);
    // A server gets five minutes for a big journal; the local app has no time limit.
    page = await client.reports.summaryHtml(query, ctx.mode === 'remote' ? { timeoutMs: 300_000 } : {});
    status.show(`Writing ${out}…`, true);
    if (out === '-') await ctx.out.write(page);
    else await writeFile(out, page).catch((e: unknown) => Promise.reject(fileError(e, out, true)));
  } finally {
    status.clear();
  }
  if (out === '-') return;
  const file = resolve(out);
  const bytes = Buffer.byteLength(page);
  ctx.out.result({ file, bytes }, () => ctx.out.line(`Wrote the report to ${out} (${(bytes / 1_048_576).toFixed(1)} MB)`));
  if (opts.open) {
    const problem = await openInBrowser(file, ctx.env);
    if (problem) ctx.out.note(`tj: could not open a browser (${problem}); open ${file} yourself`);
  }
}

/** Registers `tj report`. */
export function registerReport(program: Command, io: Io): void {
  const cmd = addCurrencyOption(
    addAnalyticsFilterOptions(
      program
        .command('report')
        .description('write the summary report: one self-contained HTML file with charts, figures and your journal'),
    ),
  )
    .option('--out <file>', 'where to write it (default report.html; - for stdout)')
    .option('--open', 'open it in your browser afterwards ($BROWSER, else xdg-open, open or start)')
    .option('--starting-balance <money>', 'equity before the first trade (default 0)', numberArg)
    .option('--bucket-size <r>', 'width of the R histogram buckets (default 0.5)', numberArg)
    .option('--no-progress', 'no progress line (it is shown only when stderr is a terminal)')
    .action(action(io, report));
  examples(cmd, [
    'tj report --out report.html --open',
    'tj report --from 2026-01-01 --to 2026-06-30 --tz America/New_York --out h1.html',
    'tj report --setup breakout --starting-balance 25000',
  ]);
}
