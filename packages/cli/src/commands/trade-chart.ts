import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { renderTradeChartHtml } from '@tj/report';
import type { Command } from 'commander';
import { action, examples, type Opts } from '../command-kit.js';
import { resolveId } from '../backend/resolve-id.js';
import type { Context, Io } from '../context.js';
import { fileError } from '../errors.js';
import { openInBrowser } from '../util/open.js';

/** `tj trades chart <id>`: the trade on its chart as one self-contained HTML page, optionally opened. */
export async function tradeChart(ctx: Context, opts: Opts, [arg]: string[]): Promise<void> {
  const out = String(opts.out ?? 'trade.html');
  const client = await ctx.client();
  const id = await resolveId(ctx, 'trade', arg as string);
  const trade = await client.trades.get(id);
  const bars = await client.trades.bars(trade.id);
  const { html } = await renderTradeChartHtml(trade, bars, { tz: ctx.tz });
  if (out === '-') return ctx.out.write(html);
  await writeFile(out, html).catch((e: unknown) => Promise.reject(fileError(e, out, true)));
  const file = resolve(out);
  const summary = {
    file,
    bars: bars.bars.length,
    instrument: bars.instrument,
    continuous: bars.continuous,
    timeframe: bars.timeframe,
  };
  ctx.out.result(summary, () =>
    ctx.out.line(
      bars.bars.length === 0
        ? `Wrote ${out}: no price bars of ${bars.instrument} are held around this trade, so it has no chart`
        : `Wrote the chart of the trade to ${out} (${bars.bars.length} ${bars.timeframe} bars of ${bars.instrument}${bars.continuous ? ', continuous' : ''})`,
    ),
  );
  if (opts.open) {
    const problem = await openInBrowser(file, ctx.env);
    if (problem) ctx.out.note(`tj: could not open a browser (${problem}); open ${file} yourself`);
  }
}

/** Registers `tj trades chart` under `tj trades`. */
export function registerTradeChart(trades: Command, io: Io): void {
  const cmd = trades
    .command('chart <id>')
    .description('write one trade on its price chart (entries, exits, MAE, MFE) as a self-contained HTML page')
    .option('--out <file>', 'where to write it (default trade.html; - for stdout)')
    .option('--open', 'open it in your browser afterwards ($BROWSER, else xdg-open, open or start)')
    .action(action(io, tradeChart));
  examples(cmd, ['tj trades chart 7f3a9c21e4 --out trade.html --open']);
}
