import type { Kysely } from 'kysely';
import type { ClosedTradeFact } from '../../summaries/fact.js';
import { toMicros } from '../../shared/money.js';
import type { TradeQuery } from '../../storage/ports.js';
import type { SqlCapabilities } from './capabilities.js';
import { jsonArray } from './row-values.js';
import type { Database } from './schema.js';
import { applyQuery } from './trade-query.js';

const FACT_BATCH = 10_000;
const EMPTY: readonly string[] = Object.freeze([]);
/** What per-category analytics read of a closed trade. */
const FACT_COLUMNS = [
  'id',
  'instrument',
  'setup_type',
  'tags',
  'account',
  'asset_class',
  'strategy',
  'entry_time',
  'exit_time',
  'result_micros',
  'fees',
  'r_multiple',
  'currency',
  'fx_rate',
  'fx_base',
  'mae_micros',
  'mfe_micros',
  'mae_r',
  'mfe_r',
] as const;
/** What every other analytic reads: covered by the exit index (migration 15). */
const OUTCOME_COLUMNS = ['id', 'exit_time', 'result_micros', 'r_multiple'] as const;
/** The outcome with what statistics (holding time, fees) and per-account trading days read, still covered. */
export const OUTCOME_PLUS_COLUMNS = [...OUTCOME_COLUMNS, 'entry_time', 'fees', 'account'] as const;

type ClosedColumn = (typeof FACT_COLUMNS)[number];
/** A closed trade's row as a scan reads it: the outcome columns always, the others when asked for. */
export type ClosedRecord = Pick<Database['trades'], (typeof OUTCOME_COLUMNS)[number]> &
  Partial<Pick<Database['trades'], ClosedColumn>>;

/** The fact of a row; the columns the scan did not read take neutral values (see the port's `closedOutcomes`). */
export function toFact(r: ClosedRecord): ClosedTradeFact {
  const exitTime = r.exit_time as number;
  return {
    id: r.id,
    instrument: r.instrument ?? '',
    setupType: r.setup_type ?? null,
    tags: r.tags === undefined || r.tags === '[]' ? EMPTY : jsonArray(r.tags),
    account: r.account ?? null,
    assetClass: r.asset_class ?? null,
    strategy: r.strategy ?? null,
    entryTime: r.entry_time ?? exitTime,
    exitTime,
    resultMicros: Number(r.result_micros ?? 0),
    feesMicros: r.fees === undefined ? 0 : toMicros(r.fees),
    rMultiple: r.r_multiple,
    ...(r.currency !== undefined && { currency: r.currency, fxRate: r.fx_rate ?? null, fxBase: r.fx_base ?? null }),
    ...(r.mae_micros !== undefined && {
      maeMicros: r.mae_micros === null ? null : Number(r.mae_micros),
      mfeMicros: r.mfe_micros == null ? null : Number(r.mfe_micros),
      maeR: r.mae_r ?? null,
      mfeR: r.mfe_r ?? null,
    }),
  };
}

/** Closed trades in (exit_time, id) order by keyset pages, reading only `columns` (none for `status: 'open'`). */
async function* scanClosedTrades(
  db: Kysely<Database>,
  userId: string,
  query: TradeQuery,
  caps: SqlCapabilities,
  columns: readonly ClosedColumn[],
): AsyncGenerator<ClosedTradeFact[]> {
  if (query.status === 'open') return;
  let after: [number, string] | undefined;
  for (;;) {
    let q = applyQuery(db.selectFrom('trades'), userId, { ...query, status: undefined }, caps)
      .select(columns)
      .where('exit_time', 'is not', null);
    // No trade exits before it enters, so an entry-time floor is also an exit-time floor: the
    // (exit_time, id) index scan then starts there instead of at the user's first trade.
    if (query.entryFrom !== undefined) q = q.where('exit_time', '>=', query.entryFrom);
    if (after) {
      const [t, id] = after;
      q = q.where((eb) => eb(eb.refTuple('exit_time', 'id'), '>', eb.tuple(t, id)));
    }
    const rows = (await q.orderBy('exit_time').orderBy('id').limit(FACT_BATCH).execute()) as ClosedRecord[];
    if (rows.length === 0) return;
    const batch = rows.map(toFact);
    yield batch;
    if (rows.length < FACT_BATCH) return;
    const last = batch[batch.length - 1] as ClosedTradeFact;
    after = [last.exitTime, last.id];
  }
}

/** The user's closed trades' outcomes in (exitTime, id) order, in batches (see the port's `closedOutcomes`). */
export function closedOutcomes(db: Kysely<Database>, userId: string, query: TradeQuery, caps: SqlCapabilities) {
  return scanClosedTrades(db, userId, query, caps, OUTCOME_COLUMNS);
}

/** The outcomes with entry time, fees and account (see the port's `closedOutcomesWithCosts`). */
export function closedOutcomesWithCosts(db: Kysely<Database>, userId: string, query: TradeQuery, caps: SqlCapabilities) {
  return scanClosedTrades(db, userId, query, caps, OUTCOME_PLUS_COLUMNS);
}

/** The user's closed trades' full facts in (exitTime, id) order, in batches. */
export function closedTradeFacts(db: Kysely<Database>, userId: string, query: TradeQuery, caps: SqlCapabilities) {
  return scanClosedTrades(db, userId, query, caps, FACT_COLUMNS);
}
