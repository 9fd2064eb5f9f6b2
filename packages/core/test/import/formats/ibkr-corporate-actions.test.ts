import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../../test/support/databases.js';
import { corporateActionItem, type CorporateActionRecord } from '../../../src/import/formats/corporate-action-record.js';
import {
  flexActionRow,
  IbkrCorporateActions,
  readIbkrActionWords,
} from '../../../src/import/formats/parts/ibkr-corporate-actions.js';
import { readXmlElements } from '../../../src/import/index.js';
import type { BrokerRecord } from '../../../src/import/formats/types.js';
import { newUser, useCore } from '../../support/core.js';
import { fixture, importText, readFormat } from './support.js';

// Both files are ours, written in IBKR's layouts (see the comment in the XML; the statement's
// Corporate Actions section has the columns and wording of IBKR's Activity Statement CSV).
const xml = fixture('ibkr-flex-corporate-actions.xml');
const statement = fixture('ibkr-activity-corporate-actions.csv');

/** The corporate actions and warnings the Flex reader's part makes of the file's <CorporateAction> rows. */
async function flexActions(text: string): Promise<Array<BrokerRecord | CorporateActionRecord>> {
  const actions = new IbkrCorporateActions();
  const out: Array<BrokerRecord | CorporateActionRecord> = [];
  for await (const element of readXmlElements([text])) {
    if (element.name === 'CorporateAction' && element.attributes.levelOfDetail !== 'SUMMARY') {
      actions.add(flexActionRow(element, ''), out);
    }
  }
  return out;
}

const wall = (year: number, month: number, day: number, hour: number, minute: number) => ({
  wall: { year, month, day, hour, minute, second: 0, millisecond: 0 },
});

describe('IBKR corporate actions', () => {
  it('reads the symbol, a split’s N for M and the row’s security from IBKR’s description', () => {
    expect(readIbkrActionWords('AAPL(US0378331005) SPLIT 4 FOR 1 (AAPL, APPLE INC, US0378331005)')).toEqual({
      symbol: 'AAPL',
      ratio: { new: 4, old: 1 },
      issueChange: false,
      rowSymbol: 'AAPL',
    });
    expect(readIbkrActionWords('AMZN(US0231351067) Split 20 for 1 (AMZN, AMAZON.COM INC, US0231351067)').ratio).toEqual({
      new: 20,
      old: 1,
    });
    expect(readIbkrActionWords('AMZN(US0231351067) SPLIT 5 FOR 4 (AMZN, AMAZON.COM INC, US0231351067)').ratio).toEqual({
      new: 5,
      old: 4,
    });
    expect(
      readIbkrActionWords('CCIV(US1714391026) CUSIP/ISIN Change to (US5494981039) (LCID, LUCID GROUP INC, US5494981039)'),
    ).toEqual({ symbol: 'CCIV', issueChange: true, rowSymbol: 'LCID' });
    expect(readIbkrActionWords('SPY(US78462F1030) SPLIT 2 FOR 1')).toEqual({
      symbol: 'SPY',
      ratio: { new: 2, old: 1 },
      issueChange: false,
    });
  });

  it('makes one split of each split’s rows, a symbol change of an issue change to a new symbol, and warns of other types', async () => {
    expect(await flexActions(xml)).toEqual([
      {
        kind: 'corporateAction',
        line: 27,
        time: wall(2024, 8, 15, 20, 25),
        account: 'U4000001',
        action: 'split',
        symbol: 'XYZ',
        ratio: { new: 1, old: 10 },
        description: 'XYZ(US1111111111) SPLIT 1 FOR 10 (XYZ, XYZ CORP, US1111111111)',
      },
      {
        kind: 'corporateAction',
        line: 29,
        time: wall(2024, 8, 30, 20, 25),
        account: 'U4000001',
        action: 'split',
        symbol: 'AAPL',
        ratio: { new: 4, old: 1 },
        description: 'AAPL(US0378331005) SPLIT 4 FOR 1 (AAPL, APPLE INC, US0378331005)',
      },
      {
        kind: 'corporateAction',
        line: 32,
        time: wall(2021, 7, 23, 20, 25),
        account: 'U4000001',
        action: 'symbolChange',
        symbol: 'CCIV',
        newSymbol: 'LCID',
        description: 'CCIV(US1714391026) CUSIP/ISIN CHANGE TO (US5494981039) (LCID, LUCID GROUP INC, US5494981039)',
      },
      {
        kind: 'warning',
        line: 33,
        code: 'corporate_action',
        message: 'IBKR corporate actions of type TC are not read (this and any further ones): check the positions they change',
      },
    ]);
  });

  it('reads a reverse split to a new symbol as the split and then the change, and a date alone as 20:25', () => {
    const out: Array<BrokerRecord | CorporateActionRecord> = [];
    const actions = new IbkrCorporateActions();
    const row = { line: 5, account: 'U1', type: 'RS', dateTime: '2020-02-11', symbol: 'EWLLD' };
    actions.add(
      { ...row, description: 'EWLL(US30051D1063) SPLIT 1 FOR 50 (EWLLD, EWELLNESS HEALTHCARE CORP, US30051D2053)' },
      out,
    );
    actions.add(
      { ...row, description: 'EWLL(US30051D1063) SPLIT 1 FOR 50 (EWLL, EWELLNESS HEALTHCARE CORP, US30051D1063)' },
      out,
    );
    actions.add({ ...row, type: 'FS', description: 'XYZ(US1) SPLIT FOUR FOR ONE (XYZ, X, US1)' }, out);
    expect(
      out.map((r) => (r.kind === 'corporateAction' ? `${r.action} ${r.symbol} ${r.ratio?.new ?? r.newSymbol}` : r.kind)),
    ).toEqual(['split EWLL 1', 'symbolChange EWLL EWLLD', 'warning']);
    expect(out[0]).toMatchObject({ time: wall(2020, 2, 11, 20, 25) });
    expect(out[2]).toMatchObject({ message: 'an IBKR corporate action was not read: no "N for M" ratio in its description' });
  });

  it('turns a record into the import item core stores, its time read by the pipeline', () => {
    const record: CorporateActionRecord = {
      kind: 'corporateAction',
      line: 29,
      time: wall(2024, 8, 30, 20, 25),
      account: 'U4000001',
      action: 'split',
      symbol: 'AAPL',
      ratio: { new: 4, old: 1 },
    };
    const effectiveAt = Date.parse('2024-08-31T00:25:00Z');
    expect(corporateActionItem(record, effectiveAt)).toEqual({
      line: 29,
      corporateAction: {
        kind: 'split',
        account: 'U4000001',
        instrument: 'AAPL',
        effectiveAt,
        ratio: { new: 4, old: 1 },
        note: null,
      },
    });
    expect(
      corporateActionItem(
        { kind: 'corporateAction', line: 1, time: record.time, account: '', action: 'symbolChange', symbol: 'W', newSymbol: 'X' },
        0,
      ),
    ).toMatchObject({ corporateAction: { account: null, kind: 'symbolChange', newInstrument: 'X' } });
  });

  it('the Flex reader reports each action with the command that records it, until the import applies them', async () => {
    const { fills, warnings } = await readFormat('ibkr-flex-xml', xml);
    expect(fills.map((f) => `${f.symbol} ${f.side} ${f.quantity}@${f.price}`)).toEqual(['XYZ buy 105@2.07', 'AAPL buy 100@200']);
    expect(warnings).toEqual([
      {
        line: 27,
        message:
          'IBKR corporate action: the 1:10 split of XYZ (account U4000001) is not applied by this import; record it with POST /api/corporate-actions (tj corporate-actions add --split 1:10 --instrument XYZ --account U4000001 --date 2024-08-16)',
      },
      {
        line: 29,
        message:
          'IBKR corporate action: the 4:1 split of AAPL (account U4000001) is not applied by this import; record it with POST /api/corporate-actions (tj corporate-actions add --split 4:1 --instrument AAPL --account U4000001 --date 2024-08-31)',
      },
      {
        line: 32,
        message:
          'IBKR corporate action: the change of CCIV to LCID (account U4000001) is not applied by this import; record it with POST /api/corporate-actions (tj corporate-actions add --rename LCID --instrument CCIV --account U4000001 --date 2021-07-24)',
      },
      {
        line: 33,
        message: 'IBKR corporate actions of type TC are not read (this and any further ones): check the positions they change',
      },
    ]);
  });

  it('the Activity Statement reader reads the Corporate Actions section the same way', async () => {
    const { fills, warnings } = await readFormat('ibkr-activity', statement);
    expect(fills.map((f) => `${f.account} ${f.symbol} ${f.side} ${f.quantity}@${f.price}`)).toEqual(['U4000002 AMZN buy 5@2400']);
    expect(warnings.map((w) => `${w.line}: ${w.message.replace(/ is not applied.*--date/, ' … --date')}`)).toEqual([
      '10: IBKR corporate action: the 20:1 split of AMZN (account U4000002) … --date 2022-06-04)',
      '12: IBKR corporate action: the change of CCIV to LCID (account U4000002) … --date 2021-07-24)',
      '13: IBKR corporate actions other than splits and symbol changes are not read (this and any further ones): check the positions they change',
    ]);
  });
});

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`IBKR corporate actions imported on ${db.name}`, () => {
    const h = useCore(db);

    it('imports the positions with the actions in the report; recorded as it says, they split the open positions', async () => {
      const user = await newUser(h.core());
      const { report, trades } = await importText(h.core(), user, xml);
      expect(trades.map((t) => `${t.instrument} ${t.status} ${t.positionSize}@${t.entryPrice}`)).toEqual([
        'XYZ open 105@2.07',
        'AAPL open 100@200',
      ]);
      expect(report.warnings.filter((w) => w.code === 'corporate_action').map((w) => w.line)).toEqual([27, 29, 32, 33]);
      const core = h.core();
      await core.corporateActions.create(user, {
        kind: 'split',
        instrument: 'XYZ',
        account: 'U4000001',
        ratio: '1:10',
        effectiveAt: '2024-08-16',
      });
      await core.corporateActions.create(user, {
        kind: 'split',
        instrument: 'AAPL',
        account: 'U4000001',
        ratio: '4:1',
        effectiveAt: '2024-08-31',
      });
      const { trades: after } = await core.trades.list(user, {});
      // XYZ: 105 ÷ 10 = 10.5 at 2.07 × 10 = 20.70; AAPL: 100 × 4 = 400 at 200 ÷ 4 = 50.00; fees (1.00 each) unchanged.
      expect(after.map((t) => `${t.instrument} ${t.positionSize}@${t.entryPrice} fees ${t.fees}`).sort()).toEqual([
        'AAPL 400@50 fees 1',
        'XYZ 10.5@20.7 fees 1',
      ]);
    });
  });
}
