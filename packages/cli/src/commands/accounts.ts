import type { Command } from 'commander';
import { action, examples, type Opts } from '../command-kit.js';
import type { Context, Io } from '../context.js';
import { dateTime, money, NONE, num } from '../output/format.js';
import { defined } from '../util/args.js';
import { printMoneyNote } from '../views/money-note.js';
import { addCurrencyOption } from './trades.js';

/** `tj accounts list`: the accounts the journal's trades carry. */
export async function listAccounts(ctx: Context, opts: Opts): Promise<void> {
  const data = await (await ctx.client()).accounts(defined({ currency: opts.currency }));
  ctx.out.result(data, ({ accounts }) => {
    if (accounts.length === 0) return ctx.out.line('No trades yet, so no accounts.');
    ctx.out.printTable(
      ['Account', 'Trades', 'Open', 'Net P&L', 'First entry', 'Last trade'],
      accounts.map((a) => [
        a.account ?? '(none)',
        num(a.trades),
        num(a.openTrades),
        // An account whose trades are all open has no realised P&L yet.
        a.openTrades === a.trades ? NONE : ctx.out.pnl(a.totalPnL, money(a.totalPnL)),
        dateTime(a.firstEntryTime, ctx.tz),
        dateTime(a.lastTradeTime, ctx.tz),
      ]),
      ['left', 'right', 'right', 'right', 'left', 'left'],
    );
    printMoneyNote(ctx.out, data);
  });
}

/** Registers `tj accounts …`. */
export function registerAccounts(program: Command, io: Io): void {
  const accounts = program.command('accounts').description('the accounts your trades carry (set by imports or --account)');
  examples(accounts, ['tj accounts list', 'tj accounts list --json']);
  examples(
    addCurrencyOption(accounts.command('list').description('list accounts with trade counts, net P&L and dates')).action(
      action(io, listAccounts),
    ),
    ['tj accounts list', 'tj accounts list --currency USD', 'tj accounts list --json'],
  );
}
