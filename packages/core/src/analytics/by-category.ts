import { WEEKDAY_NAMES, getCalendar, weekdayIndex } from '../shared/calendar.js';
import { fromMicros } from '../shared/money.js';
import type { Accumulator } from './accumulator.js';
import { Tally, averageROf, profitFactorOf, winRateOf } from './tally.js';

/** A `/analytics/by-category` category. */
export type Category = 'instrument' | 'setup' | 'tag' | 'time' | 'weekday';

/** All categories, for validation. */
export const CATEGORIES: readonly Category[] = ['instrument', 'setup', 'tag', 'time', 'weekday'];

/** One `/analytics/by-category` item. */
export interface CategoryItem {
  name: string;
  trades: number;
  wins: number;
  losses: number;
  winRate: number;
  totalPnL: number;
  /** null when the group has no losing trade. */
  profitFactor: number | null;
  /** null when no trade of the group has an rMultiple. */
  averageR: number | null;
}

/** Options of {@link createByCategoryAccumulator}; `tz` decides hour and weekday of entryTime. */
export interface ByCategoryOptions {
  category: Category;
  tz: string;
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
  };
}

function named(map: Map<string, Tally>, name: string): Tally {
  let t = map.get(name);
  if (t === undefined) {
    t = new Tally();
    map.set(name, t);
  }
  return t;
}

/**
 * Groups closed trades by a category; only groups with trades are listed. `instrument`,
 * `setup` (`(none)` without one) and `tag` (once per distinct tag, `(untagged)` without)
 * sort by totalPnL descending, then name; `time` (local entry hour, `09:00`) sorts by hour;
 * `weekday` (local entry day, `Monday`) sorts Monday … Sunday.
 */
export function createByCategoryAccumulator(opts: ByCategoryOptions): Accumulator<CategoryItem[]> {
  const { category } = opts;
  const cal = getCalendar(opts.tz);
  const slots: (Tally | undefined)[] = new Array<Tally | undefined>(24).fill(undefined);
  const groups = new Map<string, Tally>();
  return {
    add(fact) {
      if (category === 'time' || category === 'weekday') {
        const i = category === 'time' ? cal.hour(fact.entryTime) : weekdayIndex(cal.civilDay(fact.entryTime));
        let t = slots[i];
        if (t === undefined) {
          t = new Tally();
          slots[i] = t;
        }
        t.add(fact);
      } else if (category === 'instrument') {
        named(groups, fact.instrument).add(fact);
      } else if (category === 'setup') {
        named(groups, fact.setupType ?? '(none)').add(fact);
      } else if (fact.tags.length === 0) {
        named(groups, '(untagged)').add(fact);
      } else {
        const tags = fact.tags;
        for (let i = 0; i < tags.length; i++) {
          const tag = tags[i] as string;
          if (tags.indexOf(tag) === i) named(groups, tag).add(fact);
        }
      }
    },
    result() {
      if (category === 'time' || category === 'weekday') {
        const items: CategoryItem[] = [];
        slots.forEach((t, i) => {
          if (t === undefined) return;
          const name = category === 'time' ? `${String(i).padStart(2, '0')}:00` : (WEEKDAY_NAMES[i] as string);
          items.push(itemOf(name, t));
        });
        return items;
      }
      return [...groups]
        .sort(([an, at], [bn, bt]) => bt.pnl - at.pnl || (an < bn ? -1 : an > bn ? 1 : 0))
        .map(([name, t]) => itemOf(name, t));
    },
  };
}
