// The raw SQL of the floor, shared by the SQLite and PostgreSQL floors. `p(i)` renders the i-th
// (1-based) placeholder: `?` on SQLite, `$i` on PostgreSQL.

import { fromMicros, round8 } from '@tj/core/internal';

/** trades columns in insert order. */
export const COLUMNS = [
  'user_id',
  'id',
  'instrument',
  'instrument_key',
  'direction',
  'entry_price',
  'position_size',
  'entry_time',
  'stop_loss',
  'take_profit',
  'setup_type',
  'notes',
  'tags',
  'fees',
  'multiplier',
  'exit_price',
  'exit_time',
  'result_micros',
  'result_manual',
  'r_multiple',
  'status',
  'import_key',
  'created_at',
  'updated_at',
];

/** Appends a TradeRow's column values (COLUMNS order) to `out`. */
export function pushValues(out, t) {
  out.push(
    t.userId,
    t.id,
    t.instrument,
    t.instrument.toLowerCase(),
    t.direction,
    t.entryPrice,
    t.positionSize,
    t.entryTime,
    t.stopLoss,
    t.takeProfit,
    t.setupType,
    t.notes,
    JSON.stringify(t.tags),
    t.fees,
    t.multiplier,
    t.exitPrice,
    t.exitTime,
    t.resultMicros,
    t.resultManual ? 1 : 0,
    t.rMultiple,
    t.exitPrice === null ? 'open' : 'closed',
    t.importKey,
    t.createdAt,
    t.updatedAt,
  );
}

/** A multi-row INSERT of `rows` rows. */
export function insertSql(rows, p) {
  const tuples = [];
  let i = 1;
  for (let r = 0; r < rows; r++) tuples.push(`(${COLUMNS.map(() => p(i++)).join(', ')})`);
  return `INSERT INTO trades (${COLUMNS.join(', ')}) VALUES ${tuples.join(', ')}`;
}

/** Adds to the user's counters (the same table core keeps). */
export const bumpCountsSql = (p) =>
  `INSERT INTO trade_counts (user_id, total, open) VALUES (${p(1)}, ${p(2)}, ${p(3)})
   ON CONFLICT (user_id) DO UPDATE SET total = trade_counts.total + excluded.total, open = trade_counts.open + excluded.open`;

/** A list page (newest entry first); with `filtered`, the second parameter is the instrument key. */
export const pageSql = (filtered, p) =>
  `SELECT * FROM trades WHERE user_id = ${p(1)}${filtered ? ` AND instrument_key = ${p(2)}` : ''}
   ORDER BY entry_time DESC, id DESC LIMIT 20`;

export const countersSql = (p) => `SELECT total, open FROM trade_counts WHERE user_id = ${p(1)}`;
export const countSql = (p) => `SELECT count(*) AS n FROM trades WHERE user_id = ${p(1)} AND instrument_key = ${p(2)}`;
export const openCountSql = (p) =>
  `SELECT count(*) AS n FROM trades WHERE user_id = ${p(1)} AND instrument_key = ${p(2)} AND exit_time IS NULL`;

/** The columns the analytics scan reads, in the scan's (exit_time, id) order, in one statement. */
export const factsSql = (p) =>
  `SELECT id, instrument, setup_type, tags, entry_time, exit_time, result_micros, r_multiple FROM trades
   WHERE user_id = ${p(1)} AND exit_time IS NOT NULL ORDER BY exit_time, id`;

/** Only what the statistics need, in the scan's order (the ordering columns need not be read). */
export const resultsSql = (p) =>
  `SELECT result_micros, r_multiple FROM trades WHERE user_id = ${p(1)} AND exit_time IS NOT NULL ORDER BY exit_time, id`;

/** A fact (what core's accumulators read) from a raw factsSql row. */
export function factOf(r) {
  return {
    id: r[0],
    instrument: r[1],
    setupType: r[2],
    tags: r[3] === '[]' ? [] : JSON.parse(r[3]),
    entryTime: Number(r[4]),
    exitTime: Number(r[5]),
    resultMicros: Number(r[6] ?? 0),
    rMultiple: r[7],
  };
}

/**
 * Every statistics figure in one statement: a running sum and running peak for the drawdown, and
 * runs of equal result sign (gaps and islands) for the streaks, folded into one aggregate.
 */
export const statisticsSql = (filtered, p) => `
WITH f AS (
  SELECT exit_time, id, result_micros AS r, r_multiple AS rm,
         CASE WHEN result_micros > 0 THEN 1 WHEN result_micros < 0 THEN -1 ELSE 0 END AS s,
         SUM(result_micros) OVER (ORDER BY exit_time, id ROWS UNBOUNDED PRECEDING) AS cum
  FROM trades
  WHERE user_id = ${p(1)} AND exit_time IS NOT NULL${filtered ? ` AND instrument_key = ${p(2)}` : ''}
), g AS (
  SELECT r, rm, s, cum,
         MAX(cum) OVER (ORDER BY exit_time, id ROWS UNBOUNDED PRECEDING) AS peak,
         ROW_NUMBER() OVER (ORDER BY exit_time, id) - ROW_NUMBER() OVER (PARTITION BY s ORDER BY exit_time, id) AS grp
  FROM f
), runs AS (
  SELECT s, COUNT(*) AS n, SUM(r) AS pnl, MAX(r) AS hi, MIN(r) AS lo, COUNT(rm) AS rn, SUM(rm) AS rsum,
         MAX(CASE WHEN peak > 0 THEN peak ELSE 0 END - cum) AS dd
  FROM g GROUP BY s, grp
)
SELECT SUM(n) AS trades,
       SUM(CASE WHEN s = 1 THEN n ELSE 0 END) AS wins,
       SUM(CASE WHEN s = -1 THEN n ELSE 0 END) AS losses,
       SUM(pnl) AS pnl,
       SUM(CASE WHEN s = 1 THEN pnl ELSE 0 END) AS gross_profit,
       SUM(CASE WHEN s = -1 THEN pnl ELSE 0 END) AS gross_loss,
       MAX(CASE WHEN s = 1 THEN hi END) AS largest_win,
       MIN(CASE WHEN s = -1 THEN lo END) AS largest_loss,
       SUM(rn) AS r_count, SUM(rsum) AS r_sum, MAX(dd) AS max_dd,
       MAX(CASE WHEN s = 1 THEN n END) AS win_streak,
       MAX(CASE WHEN s = -1 THEN n END) AS loss_streak
FROM runs`;

/** The statistics answer (same fields as ours) from the aggregate row and the open count. */
export function statisticsFromRow(r, openTrades) {
  const n = (v) => Number(v ?? 0);
  const trades = n(r.trades);
  const wins = n(r.wins);
  const losses = n(r.losses);
  return {
    totalTrades: trades,
    wins,
    losses,
    breakeven: trades - wins - losses,
    totalPnL: fromMicros(n(r.pnl)),
    grossProfit: fromMicros(n(r.gross_profit)),
    grossLoss: fromMicros(n(r.gross_loss)),
    largestWin: fromMicros(n(r.largest_win)),
    largestLoss: fromMicros(n(r.largest_loss)),
    maxDrawdown: fromMicros(n(r.max_dd)),
    longestWinStreak: n(r.win_streak),
    longestLossStreak: n(r.loss_streak),
    averageR: n(r.r_count) === 0 ? null : round8(n(r.r_sum) / n(r.r_count)),
    openTrades: Number(openTrades),
  };
}
