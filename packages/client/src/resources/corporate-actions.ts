import type { Call } from '../operation.js';
import type { CallOptions } from '../transport.js';
import type {
  CorporateActionCreated,
  CorporateActionCreateInput,
  CorporateActionList,
  CorporateActionListQuery,
} from '../types.js';

/** The corporate action endpoints: splits and symbol changes. */
export function corporateActionsApi(call: Call) {
  return {
    /**
     * The user's splits and symbol changes, newest effective first.
     *
     * @example const { corporateActions } = await client.corporateActions.list({ instrument: 'AAPL' });
     */
    list(query: CorporateActionListQuery = {}, options?: CallOptions): Promise<CorporateActionList> {
      return call('listCorporateActions', { query }, options);
    },

    /**
     * Records a split (`ratio` new:old) or a symbol change (`newInstrument`) and adjusts the open
     * trades it covers; the answer lists them (`adjustedTradeIds`). The same action twice is 409.
     *
     * @example const { adjustedTradeIds } = await client.corporateActions.create({ kind: 'split', instrument: 'AAPL', ratio: '4:1', effectiveAt: '2026-08-31' });
     */
    create(body: CorporateActionCreateInput, options?: CallOptions): Promise<CorporateActionCreated> {
      return call('createCorporateAction', { body }, options);
    },

    /**
     * Deletes an action and undoes it on the open trades it covers (409 when a trade went on past it).
     *
     * @example await client.corporateActions.delete(actionId);
     */
    async delete(actionId: string, options?: CallOptions): Promise<void> {
      await call('deleteCorporateAction', { params: { id: actionId } }, options);
    },
  };
}
