import { type CorporateActionRecord, pendingActionWarning } from '../corporate-action-record.js';
import { defineFormat } from '../registry.js';
import type { BrokerRecord } from '../types.js';
import { FlexBook } from '../parts/ibkr-flex-book.js';
import { flexActionRow, IbkrCorporateActions } from '../parts/ibkr-corporate-actions.js';
import { xmlFlexRow } from '../parts/ibkr-flex-rows.js';

/**
 * What the import makes of a file's corporate actions. The engine does not take them from the
 * stream yet: each is reported as a warning that says how to record it; once it does, the records
 * go out as they are.
 */
function actionOutput(records: Array<BrokerRecord | CorporateActionRecord>): BrokerRecord[] {
  return records.map((r) => (r.kind === 'corporateAction' ? pendingActionWarning(r, 'IBKR') : r));
}

/** Interactive Brokers' Flex Query in XML: the `<Trade>` (and `<Order>`) elements of each statement. */
export const ibkrFlexXml = defineFormat({
  name: 'ibkr-flex-xml',
  broker: 'Interactive Brokers',
  title: 'Flex Query (XML)',
  exportHint: 'Performance & Reports → Flex Queries → Activity Flex Query with the Trades section (Executions) → Format XML',
  reads:
    '<Trade> executions (levelOfDetail EXECUTION, else ORDER) with ibCommission, ids, multipliers and option details; splits (FS, RS) and symbol changes (IC) of <CorporateAction> reported, to record with tj corporate-actions add; other sections ignored',
  timeRule: 'naive (the zone in the query settings): --source-tz',
  sampleHeader:
    '<FlexQueryResponse><FlexStatements><FlexStatement accountId=…><Trades><Trade … dateTime="20260126;115715" buySell="BUY" …/>',
  requiredColumns: ['FlexQueryResponse', 'Trade'],
  input: 'xml',
  order: 'unordered',
  detect: (head) => (/<FlexQueryResponse\b/.test(head.text) ? 0.98 : /<FlexStatements?\b/.test(head.text) ? 0.9 : 0),
  async *read(input) {
    if (input.kind !== 'xml') return;
    const book = new FlexBook();
    const actions = new IbkrCorporateActions();
    const read: Array<BrokerRecord | CorporateActionRecord> = [];
    let account = '';
    for await (const element of input.elements) {
      if (element.name === 'FlexStatement') account = element.attributes.accountId ?? '';
      else if (element.name === 'Trade' || element.name === 'Order') book.add(xmlFlexRow(element), account);
      else if (element.name === 'CorporateAction' && element.attributes.levelOfDetail?.toUpperCase() !== 'SUMMARY') {
        actions.add(flexActionRow(element, account), read);
      }
    }
    const records: BrokerRecord[] = book.records();
    yield records;
    if (read.length > 0) yield actionOutput(read);
  },
});
