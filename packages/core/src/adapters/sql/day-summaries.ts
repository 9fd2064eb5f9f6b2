import type { Kysely } from 'kysely';
import { DAY_MS } from '../../shared/calendar.js';
import { columnsOf, DAY_COLUMNS, DAY_FIELDS_VERSION, type SegmentState, stateOf } from '../../summaries/day-fields.js';
import type { ClosedTradeFact } from '../../summaries/fact.js';
import { Segment } from '../../summaries/segment.js';
import type { SqlCapabilities } from './capabilities.js';
import { type ClosedRecord, closedOutcomesWithCosts, OUTCOME_PLUS_COLUMNS, toFact } from './closed-scan.js';
import type { Database } from './schema.js';
import { hot } from './trade-query.js';

/** A row of `trade_day_summaries`. */
type DaySummaryRecord = Database['trade_day_summaries'];

/** Rows written per INSERT statement (about 30 parameters each). */
const WRITE_CHUNK = 200;

/** The row of a day's segment, stamped with the field declaration's version. */
function recordOf(userId: string, day: number, s: SegmentState): DaySummaryRecord {
  return { user_id: userId, day, fields_version: DAY_FIELDS_VERSION, ...columnsOf(s) };
}

/**
 * Rewrites the user's day summaries of UTC days `fromDay` … `toDay` (all days when absent) from
 * their closed trades: one ordered range read of the trades, one segment per day with exits.
 */
export async function rewriteDays(
  db: Kysely<Database>,
  caps: SqlCapabilities,
  userId: string,
  range?: { fromDay: number; toDay: number },
): Promise<void> {
  let del = db.deleteFrom('trade_day_summaries').where('user_id', '=', userId);
  if (range) del = del.where('day', '>=', range.fromDay).where('day', '<=', range.toDay);
  await del.execute();
  const query = range ? { exitFrom: range.fromDay * DAY_MS, exitTo: (range.toDay + 1) * DAY_MS } : {};
  const pending: DaySummaryRecord[] = [];
  const write = async () => {
    if (pending.length > 0) await db.insertInto('trade_day_summaries').values(pending.splice(0)).execute();
  };
  let day = Number.NaN;
  let seg = new Segment();
  for await (const batch of closedOutcomesWithCosts(db, userId, query, caps)) {
    for (const fact of batch) {
      const d = Math.floor(fact.exitTime / DAY_MS);
      if (d !== day) {
        if (seg.trades > 0) pending.push(recordOf(userId, day, seg.state()));
        if (pending.length >= WRITE_CHUNK) await write();
        day = d;
        seg = new Segment();
      }
      seg.add(fact);
    }
  }
  if (seg.trades > 0) pending.push(recordOf(userId, day, seg.state()));
  await write();
}

/** Trades of one day read at a time. */
const DAY_PAGE = 5000;
/** Every summary column but the key: what an upsert replaces. */
const VALUE_COLUMNS = ['fields_version', ...DAY_COLUMNS] as const;

/** The closed trades exiting in [from, to) in (exit_time, id) order, by keyset pages of precompiled SQL. */
async function* factsBetween(db: Kysely<Database>, caps: SqlCapabilities, userId: string, from: number, to: number) {
  let after: [number, string] | undefined;
  for (;;) {
    const base = () =>
      db
        .selectFrom('trades')
        .select(OUTCOME_PLUS_COLUMNS)
        .where('user_id', '=', userId)
        .where('exit_time', '>=', from)
        .where('exit_time', '<', to);
    const rows = after
      ? await hot({ db }, `${caps.label}:day-facts-after`, [userId, from, to, ...after, DAY_PAGE], () => {
          const [t, id] = after as [number, string];
          return base()
            .where((eb) => eb(eb.refTuple('exit_time', 'id'), '>', eb.tuple(t, id)))
            .orderBy('exit_time')
            .orderBy('id')
            .limit(DAY_PAGE);
        })
      : await hot({ db }, `${caps.label}:day-facts`, [userId, from, to, DAY_PAGE], () =>
          base().orderBy('exit_time').orderBy('id').limit(DAY_PAGE),
        );
    const facts = (rows as ClosedRecord[]).map(toFact);
    yield facts;
    const last = facts.at(-1);
    if (last === undefined || facts.length < DAY_PAGE) return;
    after = [last.exitTime, last.id];
  }
}

/** Writes one day's summary (insert or replace). */
async function upsertDay(
  db: Kysely<Database>,
  caps: SqlCapabilities,
  userId: string,
  day: number,
  state: SegmentState,
): Promise<void> {
  const record = recordOf(userId, day, state);
  await hot({ db }, `${caps.label}:day-upsert`, Object.values(record), () =>
    db
      .insertInto('trade_day_summaries')
      .values(record)
      .onConflict((oc) =>
        oc
          .columns(['user_id', 'day'])
          .doUpdateSet((eb) => Object.fromEntries(VALUE_COLUMNS.map((c) => [c, eb.ref(`excluded.${c}`)]))),
      ),
  );
}

/**
 * Folds new closes into their day's stored summary without reading the day's other trades, when
 * no other closed trade of that day comes after the first of them in (exit_time, id) order (one
 * indexed count) and the row is stamped with the running field declaration: false when not, and
 * the day must be rewritten.
 */
async function appendToDay(
  db: Kysely<Database>,
  caps: SqlCapabilities,
  userId: string,
  day: number,
  facts: ClosedTradeFact[],
): Promise<boolean> {
  facts.sort((a, b) => a.exitTime - b.exitTime || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const first = facts[0] as ClosedTradeFact;
  const ctx = { db };
  const [later] = await hot(
    ctx,
    `${caps.label}:day-later`,
    [userId, first.exitTime, (day + 1) * DAY_MS, first.exitTime, first.exitTime, first.id],
    () =>
      db
        .selectFrom('trades')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('exit_time', '>=', first.exitTime)
        .where('exit_time', '<', (day + 1) * DAY_MS)
        .where((eb) =>
          eb.or([eb('exit_time', '>', first.exitTime), eb.and([eb('exit_time', '=', first.exitTime), eb('id', '>=', first.id)])]),
        ),
  );
  if (Number(later?.n ?? -1) !== facts.length) return false;
  const [stored] = await hot(ctx, `${caps.label}:day-row`, [userId, day], () =>
    db.selectFrom('trade_day_summaries').selectAll().where('user_id', '=', userId).where('day', '=', day),
  );
  const row = stored as DaySummaryRecord | undefined;
  if (row !== undefined && row.fields_version !== DAY_FIELDS_VERSION) return false;
  const seg = new Segment();
  if (row !== undefined) seg.append(stateOf(row));
  const tail = new Segment();
  for (const f of facts) tail.add(f);
  seg.append(tail.state());
  await upsertDay(db, caps, userId, day, seg.state());
  return true;
}

/** Rewrites one UTC day's summary from its trades: one upsert, or one delete when it has none left. */
async function rewriteDay(db: Kysely<Database>, caps: SqlCapabilities, userId: string, day: number): Promise<void> {
  const seg = new Segment();
  for await (const facts of factsBetween(db, caps, userId, day * DAY_MS, (day + 1) * DAY_MS)) for (const f of facts) seg.add(f);
  if (seg.trades === 0) {
    await hot({ db }, `${caps.label}:day-delete`, [userId, day], () =>
      db.deleteFrom('trade_day_summaries').where('user_id', '=', userId).where('day', '=', day),
    );
    return;
  }
  await upsertDay(db, caps, userId, day, seg.state());
}

/**
 * The UTC days whose trades a write changed, per user, so their summaries are recomputed once:
 * inside a transaction when it ends (an import's thousands of trades cost one pass over the days
 * they touch), outside one after each write.
 */
export class TouchedDays {
  /** Per user and day: the new closes a write appended there, or `rewrite` when anything else changed it. */
  private readonly users = new Map<string, Map<number, ClosedTradeFact[] | 'rewrite'>>();

  private daysOf(userId: string): Map<number, ClosedTradeFact[] | 'rewrite'> {
    let days = this.users.get(userId);
    if (days === undefined) {
      days = new Map();
      this.users.set(userId, days);
    }
    return days;
  }

  /** Notes that a trade exiting at `exitTime` (null: open, no summary) changed: its day is rewritten. */
  touch(userId: string, exitTime: number | null | undefined): void {
    if (exitTime === null || exitTime === undefined) return;
    this.daysOf(userId).set(Math.floor(Number(exitTime) / DAY_MS), 'rewrite');
  }

  /** Notes a new close (a closed trade inserted, or an open one closed): its day may take it without a rewrite. */
  close(userId: string, fact: ClosedTradeFact): void {
    const days = this.daysOf(userId);
    const day = Math.floor(fact.exitTime / DAY_MS);
    const now = days.get(day);
    if (now === 'rewrite') return;
    if (now === undefined) days.set(day, [fact]);
    else now.push(fact);
  }

  /**
   * Brings the summaries of every noted day up to date and forgets them: new closes after the
   * day's last one are folded in; other days are recomputed, a contiguous run of days per range read.
   */
  async flush(db: Kysely<Database>, caps: SqlCapabilities): Promise<void> {
    for (const [userId, changes] of this.users) {
      this.users.delete(userId);
      const days: number[] = [];
      for (const [day, change] of changes) {
        if (change === 'rewrite' || !(await appendToDay(db, caps, userId, day, change))) days.push(day);
      }
      days.sort((a, b) => a - b);
      let start = 0;
      for (let i = 1; i <= days.length; i++) {
        if (i < days.length && (days[i] as number) === (days[i - 1] as number) + 1) continue;
        const [fromDay, toDay] = [days[start] as number, days[i - 1] as number];
        if (fromDay === toDay) await rewriteDay(db, caps, userId, fromDay);
        else await rewriteDays(db, caps, userId, { fromDay, toDay });
        start = i;
      }
    }
  }
}
