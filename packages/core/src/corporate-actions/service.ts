import {
  type CorporateActionCreate,
  corporateActionCreateSchema,
  type CorporateActionCreated,
  type CorporateActionList,
  corporateActionListQuerySchema,
  parseSplitRatio,
  type SplitRatio,
} from '@tj/schemas';
import type { CoreDeps } from '../shared/deps.js';
import { recordId } from '../shared/record-id.js';
import { CoreError, ErrorCode, type FieldError, notFound, validationError } from '../shared/errors.js';
import { idPrefixRange } from '../shared/id-prefix.js';
import { parseInput } from '../shared/validate.js';
import type { Repositories } from '../storage/ports.js';
import type { TradeWritten } from '../trades/service.js';
import { applyToStoredTrades, undoOnStoredTrades } from './positions.js';
import {
  type CorporateActionFields,
  corporateActionRecord,
  corporateActionRow,
  describeAction,
  ratioOf,
  sameAction,
} from './record.js';

/** The fields of a validated create body, with its cross-field rules checked. */
function fieldsOf(body: CorporateActionCreate, now: number): CorporateActionFields {
  const errors: FieldError[] = [];
  const effectiveAt = Date.parse(body.effectiveAt);
  if (effectiveAt > now)
    errors.push({ path: 'effectiveAt', message: 'must not be in the future (record an action once it has taken effect)' });
  let ratio: SplitRatio | undefined;
  if (body.kind === 'split') {
    if (body.ratio === undefined) errors.push({ path: 'ratio', message: 'required for a split (new:old, such as 4:1 or 1:10)' });
    else ratio = parseSplitRatio(body.ratio);
    if (body.newInstrument !== undefined)
      errors.push({ path: 'newInstrument', message: 'only a symbolChange has a newInstrument' });
  } else {
    if (body.newInstrument === undefined) errors.push({ path: 'newInstrument', message: 'required for a symbolChange' });
    else if (body.newInstrument === body.instrument)
      errors.push({ path: 'newInstrument', message: 'must differ from instrument' });
    if (body.ratio !== undefined) errors.push({ path: 'ratio', message: 'only a split has a ratio' });
  }
  if (errors.length > 0) throw validationError(errors);
  return {
    kind: body.kind,
    account: body.account ?? null,
    instrument: body.instrument,
    effectiveAt,
    ratio,
    newInstrument: body.newInstrument,
    note: body.note ?? null,
  };
}

/** Refuses an action the user has recorded already (the same, or the same within a week for overlapping accounts). */
async function refuseRecorded(tx: Repositories, userId: string, fields: CorporateActionFields, key: string): Promise<void> {
  const recorded = await tx.corporateActions.list(userId, { instrument: fields.instrument });
  const same = recorded.find((r) => r.actionKey === key) ?? recorded.find((r) => sameAction(fields, r));
  if (same !== undefined) {
    throw new CoreError(
      ErrorCode.conflict,
      `${describeAction({ ...same, ratio: ratioOf(same) })} is recorded already (${same.id}); delete it first to record it again`,
    );
  }
}

/**
 * Splits and symbol changes for one acting user, and what they do to the user's open trades
 * (docs/analytics.md, "Splits and symbol changes").
 *
 * @example await corporateActions(deps, tradeWritten(deps)).create(userId, { kind: 'split', instrument: 'AAPL', ratio: '4:1', effectiveAt: '2026-08-31' });
 */
export function corporateActions(deps: CoreDeps, written: TradeWritten) {
  const { storage } = deps;
  return {
    /** The user's actions, newest effective first, filtered by instrument, account and id prefix. */
    async list(userId: string, input: unknown = {}): Promise<CorporateActionList> {
      const q = parseInput(corporateActionListQuerySchema, input ?? {});
      const range = q.idPrefix === undefined ? undefined : idPrefixRange(q.idPrefix);
      const rows = await storage.repos.corporateActions.list(userId, {
        instrument: q.instrument,
        account: q.account,
        idFrom: range?.from,
        idTo: range?.to,
      });
      return { corporateActions: rows.map(corporateActionRecord) };
    },

    /**
     * Records a split or symbol change and, in the same transaction, applies it to the open trades
     * it covers (see `applyToStoredTrades`); answers the action and those trades' ids. The same
     * action twice is `conflict`.
     */
    async create(userId: string, input: unknown): Promise<CorporateActionCreated> {
      const now = deps.clock.now();
      const fields = fieldsOf(parseInput(corporateActionCreateSchema, input), now);
      const row = corporateActionRow(fields, { userId, id: deps.ids.next(), importId: null, createdAt: now });
      const adjusted = await storage.transaction(async (tx) => {
        await refuseRecorded(tx, userId, fields, row.actionKey);
        const ids = await applyToStoredTrades(tx, written, row, now);
        await tx.corporateActions.insert(row);
        return ids;
      });
      return { ...corporateActionRecord(row), adjustedTradeIds: adjusted };
    },

    /**
     * Deletes an action and undoes it on the open trades it covers (see `undoOnStoredTrades`), in
     * one transaction; `conflict` when a covered trade went on past it.
     */
    async delete(userId: string, id: string): Promise<void> {
      await storage.transaction(async (tx) => {
        const full = await recordId(tx.ids, 'corporate_actions', userId, id, 'corporate action');
        const row = full === undefined ? undefined : await tx.corporateActions.get(userId, full);
        if (row === undefined) throw notFound('corporate action');
        await undoOnStoredTrades(tx, written, row, deps.clock.now());
        await tx.corporateActions.delete(userId, row.id);
      });
    },
  };
}
