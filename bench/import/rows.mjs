// What the import floors write, column by column: the same trades columns and executions columns
// that core's import writes (storage's record mapping, restated here for the raw drivers).

/** Each trades column with how its value comes from a TradeRow (one list, so order cannot drift). */
const TRADE_FIELDS = Object.entries({
  user_id: (t) => t.userId,
  id: (t) => t.id,
  instrument: (t) => t.instrument,
  instrument_key: (t) => t.instrument.toLowerCase(),
  direction: (t) => t.direction,
  entry_price: (t) => t.entryPrice,
  position_size: (t) => t.positionSize,
  entry_time: (t) => t.entryTime,
  stop_loss: (t) => t.stopLoss,
  take_profit: (t) => t.takeProfit,
  setup_type: (t) => t.setupType,
  notes: (t) => t.notes,
  tags: (t) => JSON.stringify(t.tags),
  fees: (t) => t.fees,
  multiplier: (t) => t.multiplier,
  exit_price: (t) => t.exitPrice,
  exit_time: (t) => t.exitTime,
  result_micros: (t) => t.resultMicros,
  result_manual: (t) => (t.resultManual ? 1 : 0),
  r_multiple: (t) => t.rMultiple,
  status: (t) => (t.exitPrice === null ? 'open' : 'closed'),
  import_key: (t) => t.importKey,
  import_id: (t) => t.importId ?? null,
  created_at: (t) => t.createdAt,
  updated_at: (t) => t.updatedAt,
  account: (t) => t.account,
  asset_class: (t) => t.assetClass,
  currency: (t) => t.currency,
  underlying: (t) => t.underlying,
  expiry: (t) => t.expiry,
  strike: (t) => t.strike,
  option_right: (t) => t.right,
});

/** trades columns, in the order tradeValues gives them. */
export const TRADE_COLUMNS = TRADE_FIELDS.map(([column]) => column);

/** A TradeRow's column values in TRADE_COLUMNS order. */
export function tradeValues(t) {
  return TRADE_FIELDS.map(([, value]) => value(t));
}

/** trade_executions columns, in the order executionValues gives them. */
export const EXECUTION_COLUMNS = [
  'user_id',
  'trade_id',
  'seq',
  'exec_key',
  'account',
  'instrument',
  'exec_time',
  'side',
  'quantity',
  'price',
  'commission_micros',
  'fees_micros',
  'exec_id',
  'multiplier',
];

/** The executions an imported trade keeps, as column values (EXECUTION_COLUMNS order). */
export function executionValues(userId, tradeId, item) {
  const out = [];
  item.executions.forEach((p, seq) => {
    if (p.fill.seed !== undefined) return;
    out.push([
      userId,
      tradeId,
      seq,
      p.key,
      p.fill.account,
      p.fill.symbol,
      p.fill.datetime,
      p.fill.side,
      p.units / 1e8,
      p.fill.price,
      p.commissionMicros,
      p.feesMicros,
      p.fill.execId ?? null,
      p.fill.multiplier,
    ]);
  });
  return out;
}

/** A multi-row INSERT of `rows` rows of `columns` with `?` placeholders. */
export function insertSql(table, columns, rows) {
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  return `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${Array(rows).fill(tuple).join(', ')}`;
}

/** Adds to the user's counters (the same table core keeps). */
export const bumpCountsSql = (p) =>
  `INSERT INTO trade_counts (user_id, total, open) VALUES (${p(1)}, ${p(2)}, ${p(3)})
   ON CONFLICT (user_id) DO UPDATE SET total = trade_counts.total + excluded.total, open = trade_counts.open + excluded.open`;
