import type { Selectable } from 'kysely';
import type { AlertRepo } from '../../storage/ports.js';
import type { AlertRow } from '../../storage/rows.js';
import { sqlAlertStates } from './alert-state-repo.js';
import { newestFirstPage } from './common-queries.js';
import type { SqlContext } from './context.js';
import type { Database } from './schema.js';

function fromRecord(r: Selectable<Database['alerts']>): AlertRow {
  return {
    userId: r.user_id,
    id: r.id,
    name: r.name,
    type: r.type as AlertRow['type'],
    threshold: r.threshold,
    tz: r.tz,
    active: Boolean(r.active),
    startingBalance: r.starting_balance,
    trailing: r.trailing as AlertRow['trailing'],
    stopTrailingAtStart: Boolean(Number(r.stop_trailing_at_start)),
    countOpen: Boolean(Number(r.count_open)),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/** The prop-firm options as columns (schema version 34). */
const optionColumns = (a: AlertRow) => ({
  starting_balance: a.startingBalance,
  trailing: a.trailing,
  stop_trailing_at_start: a.stopTrailingAtStart ? 1 : 0,
  count_open: a.countOpen ? 1 : 0,
});

/** Alert rules and triggers on SQL. */
export function sqlAlertRepo(ctx: SqlContext): AlertRepo {
  const { db } = ctx;
  const alerts = (userId: string) => db.selectFrom('alerts').selectAll().where('user_id', '=', userId);
  return {
    ...sqlAlertStates(ctx),
    async insert(a) {
      await db
        .insertInto('alerts')
        .values({
          user_id: a.userId,
          id: a.id,
          name: a.name,
          type: a.type,
          threshold: a.threshold,
          tz: a.tz,
          active: a.active ? 1 : 0,
          ...optionColumns(a),
          created_at: a.createdAt,
          updated_at: a.updatedAt,
        })
        .execute();
    },
    async get(userId, id) {
      const r = await alerts(userId).where('id', '=', id).executeTakeFirst();
      return r && fromRecord(r);
    },
    async list(userId) {
      return (await alerts(userId).orderBy('created_at').orderBy('id').execute()).map(fromRecord);
    },
    async listActive(userId) {
      return (await alerts(userId).where('active', '=', 1).orderBy('created_at').orderBy('id').execute()).map(fromRecord);
    },
    async update(a) {
      await db
        .updateTable('alerts')
        .set({
          name: a.name,
          threshold: a.threshold,
          tz: a.tz,
          active: a.active ? 1 : 0,
          ...optionColumns(a),
          updated_at: a.updatedAt,
        })
        .where('user_id', '=', a.userId)
        .where('id', '=', a.id)
        .execute();
    },
    async delete(userId, id) {
      await db.deleteFrom('alert_events').where('user_id', '=', userId).where('alert_id', '=', id).execute();
      await db.deleteFrom('alert_states').where('user_id', '=', userId).where('alert_id', '=', id).execute();
      const res = await db.deleteFrom('alerts').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
      return Number(res.numDeletedRows) === 1;
    },
    async insertEventOnce(e) {
      const res = await db
        .insertInto('alert_events')
        .values({
          user_id: e.userId,
          id: e.id,
          alert_id: e.alertId,
          period_key: e.periodKey,
          value: e.value,
          trade_id: e.tradeId,
          triggered_at: e.triggeredAt,
        })
        .onConflict((oc) => oc.columns(['user_id', 'alert_id', 'period_key']).doNothing())
        .executeTakeFirst();
      return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
    },
    async listEvents(userId, alertId, page) {
      const q = db.selectFrom('alert_events').where('user_id', '=', userId).where('alert_id', '=', alertId);
      const { rows, total } = await newestFirstPage(q, 'triggered_at', page);
      return {
        rows: rows.map((r) => ({
          userId: r.user_id,
          id: r.id,
          alertId: r.alert_id,
          periodKey: r.period_key,
          value: r.value,
          tradeId: r.trade_id,
          triggeredAt: r.triggered_at,
        })),
        total,
      };
    },
  };
}
