import type { Selectable } from 'kysely';
import type { ExecutionRepo } from '../../storage/ports.js';
import type { ExecutionRow } from '../../storage/rows.js';
import type { SqlContext } from './context.js';
import type { Database } from './schema.js';
import { insertRecords } from './insert-many.js';

const INSERT_CHUNK = 500;
const LOOKUP_CHUNK = 400;

type ExecutionRecord = Database['trade_executions'];

function toRecord(r: ExecutionRow): ExecutionRecord {
  return {
    user_id: r.userId,
    trade_id: r.tradeId,
    seq: r.seq,
    exec_key: r.execKey,
    account: r.account,
    instrument: r.instrument,
    exec_time: r.time,
    side: r.side,
    quantity: r.quantity,
    price: r.price,
    commission_micros: r.commissionMicros,
    fees_micros: r.feesMicros,
    exec_id: r.execId,
    multiplier: r.multiplier,
    asset_class: r.assetClass,
    underlying: r.underlying,
    expiry: r.expiry,
    strike: r.strike,
    option_right: r.right,
    order_ref: r.orderRef,
    action: r.action === 'trade' ? null : r.action,
  };
}

/** A trade_executions row as an ExecutionRow. */
export function executionFromRecord(r: Selectable<ExecutionRecord>): ExecutionRow {
  return {
    userId: r.user_id,
    tradeId: r.trade_id,
    seq: Number(r.seq),
    execKey: r.exec_key,
    account: r.account,
    instrument: r.instrument,
    time: Number(r.exec_time),
    side: r.side as ExecutionRow['side'],
    quantity: r.quantity,
    price: r.price,
    commissionMicros: Number(r.commission_micros),
    feesMicros: Number(r.fees_micros),
    execId: r.exec_id,
    multiplier: r.multiplier,
    assetClass: r.asset_class as ExecutionRow['assetClass'],
    underlying: r.underlying,
    expiry: r.expiry,
    strike: r.strike,
    right: r.option_right as ExecutionRow['right'],
    orderRef: r.order_ref,
    action: (r.action ?? 'trade') as ExecutionRow['action'],
  };
}

/** Trade executions on SQL. */
export function sqlExecutionRepo(ctx: SqlContext): ExecutionRepo {
  const { db } = ctx;
  /** The executions of one instrument in one account of the user. */
  const ofInstrument = (userId: string, account: string, instrument: string) =>
    db
      .selectFrom('trade_executions')
      .where('user_id', '=', userId)
      .where('account', '=', account)
      .where('instrument', '=', instrument);
  return {
    async insertMany(rows) {
      await insertRecords(ctx, 'trade_executions', rows.map(toRecord), INSERT_CHUNK);
    },
    async forTrade(userId, tradeId) {
      const rows = await db
        .selectFrom('trade_executions')
        .selectAll()
        .where('user_id', '=', userId)
        .where('trade_id', '=', tradeId)
        .orderBy('seq')
        .execute();
      return rows.map(executionFromRecord);
    },
    async deleteForTrade(userId, tradeId) {
      await db.deleteFrom('trade_executions').where('user_id', '=', userId).where('trade_id', '=', tradeId).execute();
    },
    async deleteForImport(userId, importId) {
      await db
        .deleteFrom('trade_executions')
        .where('user_id', '=', userId)
        .where('trade_id', 'in', (eb) =>
          eb.selectFrom('trades').select('id').where('user_id', '=', userId).where('import_id', '=', importId),
        )
        .execute();
    },
    async latest(userId, account, instrument) {
      const r = await ofInstrument(userId, account, instrument)
        .select(['exec_time', 'trade_id'])
        .orderBy('exec_time', 'desc')
        .orderBy('exec_key', 'desc')
        .limit(1)
        .executeTakeFirst();
      return r && { time: Number(r.exec_time), tradeId: r.trade_id };
    },
    async existing(userId, account, instrument, keys) {
      const found = new Set<string>();
      for (let i = 0; i < keys.length; i += LOOKUP_CHUNK) {
        const chunk = keys.slice(i, i + LOOKUP_CHUNK);
        const times = [...new Set(chunk.map((k) => k.time))];
        const rows = await ofInstrument(userId, account, instrument)
          .select(['exec_time', 'exec_key'])
          .where('exec_time', 'in', times)
          .where(
            'exec_key',
            'in',
            chunk.map((k) => k.key),
          )
          .execute();
        for (const r of rows) found.add(`${Number(r.exec_time)}:${r.exec_key}`);
      }
      return found;
    },
  };
}
