import type { Category, CategoryItem } from '@tj/schemas';
import { WEEKDAY_NAMES, getCalendar, weekdayIndex } from '../shared/calendar.js';
import { fromMicros } from '../shared/money.js';
import type { Accumulator } from './accumulator.js';
import { type DayOptions, daysOf } from './day-options.js';
import { Tally, averageROf, profitFactorOf, winRateOf } from './tally.js';
import type { ClosedTradeFact } from '../summaries/fact.js';

export type { Category, CategoryItem };

/** All categories, for validation. */
export const CATEGORIES: readonly Category[] = [
  'instrument',
  'setup',
  'tag',
  'hour',
  'time',
  'weekday',
  'account',
  'assetClass',
  'holdingTime',
  'strategy',
];

/** Holding-time groups: upper bounds (exclusive) in ms and names; the last is open-ended. */
const HOLDING_BOUNDS = [60_000, 300_000, 1_800_000, 7_200_000, 86_400_000];
const HOLDING_NAMES = ['<1 min', '1-5 min', '5-30 min', '30 min-2 h', '2 h-1 day', 'multi-day'];

/** Options of {@link createByCategoryAccumulator}; `tz` decides the hour, the trading days the weekday of entryTime. */
export interface ByCategoryOptions extends DayOptions {
  category: Category;
}

function itemOf(name: string, t: Tally): CategoryItem {
  return {
    name,
    trades: t.trades,
    wins: t.wins,
    losses: t.losses,
    winRate: winRateOf(t.wins, t.trades),
    totalPnL: fromMicros(t.pnl),
    profitFactor: profitFactorOf(t.grossProfit, t.grossLoss, t.losses),
    averageR: averageROf(t),
    ...t.excursions.averages(),
  };
}

/** The group number of a holding time (exitTime − entryTime) in ms. */
function holdingSlot(ms: number): number {
  let i = 0;
  while (i < HOLDING_BOUNDS.length && ms >= (HOLDING_BOUNDS[i] as number)) i++;
  return i;
}

/** The fixed, ordered slots of a category, or undefined for the named (sorted by P&L) ones. */
function slotting(opts: ByCategoryOptions): { slot: (f: ClosedTradeFact) => number; names: readonly string[] } | undefined {
  const { category } = opts;
  if (category === 'hour' || category === 'time') {
    const cal = getCalendar(opts.tz);
    const names = Array.from({ length: 24 }, (_, i) => `${String(i).padStart(2, '0')}:00`);
    return { slot: (f) => cal.hour(f.entryTime), names };
  }
  if (category === 'weekday') {
    const days = daysOf(opts);
    return { slot: (f) => weekdayIndex(days.dayOf(f.entryTime, f.account)), names: WEEKDAY_NAMES };
  }
  if (category === 'holdingTime') return { slot: (f) => holdingSlot(f.exitTime - f.entryTime), names: HOLDING_NAMES };
  return undefined;
}

/** The group name of a fact for the single-valued named categories (all but `tag`). */
function nameOf(category: Category, fact: ClosedTradeFact): string {
  if (category === 'instrument') return fact.instrument;
  if (category === 'setup') return fact.setupType ?? '(none)';
  if (category === 'account') return fact.account ?? '(none)';
  if (category === 'strategy') return fact.strategy ?? '(none)';
  return fact.assetClass ?? '(none)';
}

function named(groups: Map<string, Tally>, name: string): Tally {
  let t = groups.get(name);
  if (t === undefined) {
    t = new Tally();
    groups.set(name, t);
  }
  return t;
}

/**
 * Groups closed trades by a category; only groups with trades are listed. `instrument`,
 * `setup` (`(none)` without one), `account`, `assetClass` and `strategy` (`(none)` without) and `tag`
 * (once per distinct tag, `(untagged)` without) sort by totalPnL descending, then name;
 * `hour`/`time` (local entry hour in tz, `09:00`) sort by hour; `weekday` (weekday of the
 * entry's trading day, `Monday`) Monday … Sunday; `holdingTime` from `<1 min` to `multi-day`.
 */
export function createByCategoryAccumulator(opts: ByCategoryOptions): Accumulator<CategoryItem[]> {
  const { category } = opts;
  const fixed = slotting(opts);
  const slots: (Tally | undefined)[] = [];
  const groups = new Map<string, Tally>();
  return {
    add(fact) {
      if (fixed !== undefined) {
        const i = fixed.slot(fact);
        let t = slots[i];
        if (t === undefined) {
          t = new Tally();
          slots[i] = t;
        }
        t.add(fact);
        return;
      }
      if (category !== 'tag') {
        named(groups, nameOf(category, fact)).add(fact);
        return;
      }
      const tags = fact.tags;
      if (tags.length === 0) named(groups, '(untagged)').add(fact);
      for (let i = 0; i < tags.length; i++) {
        const tag = tags[i] as string;
        if (tags.indexOf(tag) === i) named(groups, tag).add(fact);
      }
    },
    result() {
      if (fixed !== undefined) {
        const items: CategoryItem[] = [];
        fixed.names.forEach((name, i) => {
          const t = slots[i];
          if (t !== undefined) items.push(itemOf(name, t));
        });
        return items;
      }
      return [...groups]
        .sort(([an, at], [bn, bt]) => bt.pnl - at.pnl || (an < bn ? -1 : an > bn ? 1 : 0))
        .map(([name, t]) => itemOf(name, t));
    },
  };
}
