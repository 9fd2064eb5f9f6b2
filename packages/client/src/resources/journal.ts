import { paginate } from '../paginate.js';
import type { Call } from '../operation.js';
import type { CallOptions } from '../transport.js';
import type { JournalCreateInput, JournalEntry, JournalList, JournalListQuery, JournalUpdateInput } from '../types.js';

/** The journal endpoints. */
export function journalApi(call: Call) {
  const api = {
    /**
     * One page of journal entries, newest date first.
     *
     * @example const { entries } = await client.journal.list({ type: 'weekly', dateFrom: '2026-01-01' });
     */
    list(query: JournalListQuery = {}, options?: CallOptions): Promise<JournalList> {
      return call('listJournalEntries', { query }, options);
    },

    /**
     * Every journal entry matching the filters, fetched page by page.
     *
     * @example for await (const entry of client.journal.paginate({ type: 'daily' })) console.log(entry.date);
     */
    paginate(query: Omit<JournalListQuery, 'page'> = {}, options?: CallOptions): AsyncGenerator<JournalEntry, void, undefined> {
      return paginate(async (page) => {
        const { entries, pagination } = await api.list({ limit: 100, ...query, page }, options);
        return { items: entries, pagination };
      });
    },

    /**
     * Writes an entry (one per date and type: a second is 409 `conflict`).
     *
     * @example const entry = await client.journal.create({ date: '2026-11-20', tradingPlan: 'Only A+ setups', emotionalState: { focus: 8 } });
     */
    create(body: JournalCreateInput, options?: CallOptions): Promise<JournalEntry> {
      return call('createJournalEntry', { body }, options);
    },

    /**
     * One entry by id.
     *
     * @example const entry = await client.journal.get(entryId);
     */
    get(entryId: string, options?: CallOptions): Promise<JournalEntry> {
      return call('getJournalEntry', { params: { id: entryId } }, options);
    },

    /**
     * Changes some fields: emotionalState keys merge, arrays replace, `null` clears.
     *
     * @example await client.journal.update(entryId, { postmarketReview: 'Followed the plan', emotionalState: { stress: 3 } });
     */
    update(entryId: string, body: JournalUpdateInput, options?: CallOptions): Promise<JournalEntry> {
      return call('updateJournalEntry', { params: { id: entryId }, body }, options);
    },

    /**
     * Deletes an entry.
     *
     * @example await client.journal.delete(entryId);
     */
    async delete(entryId: string, options?: CallOptions): Promise<void> {
      await call('deleteJournalEntry', { params: { id: entryId } }, options);
    },
  };
  return api;
}
