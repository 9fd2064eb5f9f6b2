import type { CorporateActionItem } from '../formats/corporate-action-record.js';
import type { Fill } from '../formats/own/fills-csv.js';
import type { ImportedTrade } from './imported-trade.js';
import { type MatchOptions, Matcher } from './matcher.js';

export type { MatchOptions } from './matcher.js';

export { canonicalFill, fillBytes } from './fill-facts.js';

function isFill(x: object): x is Fill {
  return 'side' in x && 'datetime' in x;
}

function isAction(x: object): x is CorporateActionItem {
  return 'corporateAction' in x;
}

/**
 * Turns fills (oldest first) into trades: positions from flat to flat, per account. A fill on an
 * instrument a position holds adds to or closes that leg; a fill on an instrument nobody holds
 * opens a leg, in a new position or (options) in an open position of the same underlying it was
 * opened together with: the same order reference (the broker's order or combo id), or without
 * one the same instant as the position's first fill; a fill whose order also closed a leg of a
 * position joins it (a roll). Stock joins a position only with options (a covered call). Within
 * one instant, fills on held instruments go first, so a roll's new leg finds its position.
 *
 * One instrument gives the trade it always did: direction of the first fill, entryPrice and
 * exitPrice the VWAPs of the opening and closing fills (rounded to 10 decimals), positionSize the
 * total opened, entryTime the first fill's, exitTime the last closing fill's, fees the sum of its
 * fills' commission + fees. A fill that goes through flat is split at the flat point, its
 * commission and fees shared pro rata by quantity (in integer micro-units). Quantities are
 * matched in 1e-8 units. The legs of a strategy give one trade on the underlying (see
 * `positionTrade`).
 *
 * Each closing fill that leaves its position open books a partial exit: its P&L against the
 * leg's FIFO lots, net of its fees and the lots' opening fees pro rata. A position left open at
 * the end is an open trade of the quantity still held with every partial exit it booked; when a
 * later import sees the position go on, it continues the same trade (same `importKey`).
 *
 * `importKey` comes from the position's first opening fill: `fill:<account>:<symbol>:<execId>`,
 * or without exec_id `fillhash:<sha256 of its canonical content>` (`:2`, `:3`... for identical
 * opening fills at the same instant). Line numbers are left out on purpose: a grown export
 * (newest-first files grow at the top) gives the same keys for the same fills.
 *
 * Corporate actions (stored ones in `options.actions`, a file's as items in the stream, which a
 * sorted file gives before its fills) split or rename an open leg before the first later fill of
 * its instrument, or at the end; replayed executions only by an action new to storage. Items
 * that are neither fills nor actions (trades a file states whole) pass through unchanged; a
 * file's actions pass through for the writer to store, except one recorded already (the same,
 * or the same change within a week), which is dropped.
 *
 * With a budget, each (account, symbol) seen and each execution of an open position is charged
 * to it (released when the position is flat), so a file that keeps positions open without end
 * fails with the `maxMemoryBytes` bound's error instead of filling the heap.
 *
 * Throws a validation error naming the line when a fill is older than the previous fill of
 * its (account, symbol), when multipliers differ within a leg, or when the tags (max 20)
 * or notes (distinct notes joined with ' | ', max 10,000 characters) of a trade overflow.
 */
export function matchFills(fills: AsyncIterable<Fill> | Iterable<Fill>, options?: MatchOptions): AsyncGenerator<ImportedTrade>;
export function matchFills<T extends object>(
  items: AsyncIterable<Fill | T> | Iterable<Fill | T>,
  options?: MatchOptions,
): AsyncGenerator<ImportedTrade | T>;
export async function* matchFills<T extends object>(
  items: AsyncIterable<Fill | T> | Iterable<Fill | T>,
  options: MatchOptions = {},
): AsyncGenerator<ImportedTrade | T> {
  const engine = new Matcher(options);
  let instant: Fill[] = [];
  for await (const next of items) {
    if (isFill(next)) {
      if (instant.length > 0 && (instant[0] as Fill).datetime !== next.datetime) {
        yield* engine.instant(instant);
        instant = [];
      }
      instant.push(next);
      continue;
    }
    // A file's action recorded already (the same, or typed by hand within a week) is applied once: not again, not stored again.
    if (isAction(next) && !engine.register(next.corporateAction)) continue;
    yield next;
  }
  yield* engine.instant(instant);
  yield* engine.finish();
}
