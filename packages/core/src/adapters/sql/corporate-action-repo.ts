import type { Selectable } from 'kysely';
import type { CorporateActionRepo } from '../../storage/ports.js';
import type { CorporateActionRow } from '../../storage/rows.js';
import { userRow } from './common-queries.js';
import type { SqlContext } from './context.js';
import type { Database } from './schema.js';

type Record = Database['corporate_actions'];

/** Keys looked up at a time. */
const KEY_CHUNK = 400;

function toRecord(r: CorporateActionRow): Record {
  return {
    user_id: r.userId,
    id: r.id,
    kind: r.kind,
    account: r.account,
    instrument: r.instrument,
    effective_at: r.effectiveAt,
    ratio_from: r.ratioFrom,
    ratio_to: r.ratioTo,
    new_instrument: r.newInstrument,
    note: r.note,
    action_key: r.actionKey,
    import_id: r.importId,
    created_at: r.createdAt,
  };
}

function fromRecord(r: Selectable<Record>): CorporateActionRow {
  return {
    userId: r.user_id,
    id: r.id,
    kind: r.kind as CorporateActionRow['kind'],
    account: r.account,
    instrument: r.instrument,
    effectiveAt: Number(r.effective_at),
    ratioFrom: r.ratio_from === null ? null : Number(r.ratio_from),
    ratioTo: r.ratio_to === null ? null : Number(r.ratio_to),
    newInstrument: r.new_instrument,
    note: r.note,
    actionKey: r.action_key ?? '',
    importId: r.import_id,
    createdAt: Number(r.created_at),
  };
}

/** Corporate actions on SQL. */
export function sqlCorporateActionRepo({ db }: SqlContext): CorporateActionRepo {
  return {
    async insert(row) {
      await db.insertInto('corporate_actions').values(toRecord(row)).execute();
    },
    async get(userId, id) {
      const r = await userRow(db, 'corporate_actions', userId, 'id', id);
      return r && fromRecord(r);
    },
    async list(userId, query) {
      let q = db.selectFrom('corporate_actions').selectAll().where('user_id', '=', userId);
      const { instrument, account } = query;
      if (instrument !== undefined) {
        q = q.where((eb) => eb.or([eb('instrument', '=', instrument), eb('new_instrument', '=', instrument)]));
      }
      if (account !== undefined) q = q.where((eb) => eb.or([eb('account', '=', account), eb('account', 'is', null)]));
      if (query.idFrom !== undefined) q = q.where('id', '>=', query.idFrom);
      if (query.idTo !== undefined) q = q.where('id', '<=', query.idTo);
      const rows = await q.orderBy('effective_at', 'desc').orderBy('id', 'desc').execute();
      return rows.map(fromRecord);
    },
    async existingKeys(userId, keys) {
      const found = new Set<string>();
      for (let i = 0; i < keys.length; i += KEY_CHUNK) {
        const rows = await db
          .selectFrom('corporate_actions')
          .select('action_key')
          .where('user_id', '=', userId)
          .where('action_key', 'in', keys.slice(i, i + KEY_CHUNK))
          .execute();
        for (const r of rows) if (r.action_key !== null) found.add(r.action_key);
      }
      return found;
    },
    async delete(userId, id) {
      const res = await db.deleteFrom('corporate_actions').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
      return Number(res.numDeletedRows) === 1;
    },
    async deleteByImport(userId, importId) {
      const res = await db
        .deleteFrom('corporate_actions')
        .where('user_id', '=', userId)
        .where('import_id', '=', importId)
        .executeTakeFirst();
      return Number(res.numDeletedRows);
    },
  };
}
