// What the import floors write, column by column: the same trades columns and executions columns
// that core's import writes (storage's record mapping, restated here for the raw drivers).

/** trades columns, in the order tradeValues gives them. */
export const TRADE_COLUMNS = [
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
  'import_id',
  'created_at',
  'updated_at',
  'account',
  'asset_class',
  'currency',
  'underlying',
  'expiry',
  'strike',
  'option_right',
];

/** A TradeRow's column values in TRADE_COLUMNS order. */
export function tradeValues(t) {
  return [
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
    t.importId ?? null,
    t.createdAt,
    t.updatedAt,
    t.account,
    t.assetClass,
    t.currency,
    t.underlying,
    t.expiry,
    t.strike,
    t.right,
  ];
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
