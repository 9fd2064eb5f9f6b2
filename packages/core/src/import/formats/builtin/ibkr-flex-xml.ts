import type { CorporateActionRecord } from '../corporate-action-record.js';
import { defineFormat } from '../registry.js';
import type { BrokerRecord } from '../types.js';
import { FlexBook } from '../parts/ibkr-flex-book.js';
import { flexActionRow, IbkrCorporateActions } from '../parts/ibkr-corporate-actions.js';
import { xmlFlexRow } from '../parts/ibkr-flex-rows.js';

/** Interactive Brokers' Flex Query in XML: the `<Trade>` (and `<Order>`) elements of each statement. */
export const ibkrFlexXml = defineFormat({
  name: 'ibkr-flex-xml',
  broker: 'Interactive Brokers',
  title: 'Flex Query (XML)',
  exportHint: 'Performance & Reports → Flex Queries → Activity Flex Query with the Trades section (Executions) → Format XML',
  reads:
    '<Trade> executions (levelOfDetail EXECUTION, else ORDER) with ibCommission, ids, multipliers and option details; splits (FS, RS) and symbol changes (IC) of <CorporateAction>, applied and stored; other sections ignored',
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
    if (read.length > 0) yield read;
  },
});
