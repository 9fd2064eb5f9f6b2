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
import { fixture, importText, readRecords } from './support.js';

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

  it('the Flex reader yields each action beside the fills, and warns of the types it does not read', async () => {
    const records = await readRecords('ibkr-flex-xml', xml);
    const fills = records.flatMap((r) => (r.kind === 'fill' ? [`${r.symbol} ${r.side} ${r.quantity}@${r.price}`] : []));
    expect(fills).toEqual(['XYZ buy 105@2.07', 'AAPL buy 100@200']);
    const actions = records.flatMap((r) => (r.kind === 'corporateAction' ? [`${r.line} ${r.action} ${r.symbol}`] : []));
    expect(actions).toEqual(['27 split XYZ', '29 split AAPL', '32 symbolChange CCIV']);
    expect(records.filter((r) => r.kind === 'warning').map((r) => r.line)).toEqual([33]);
  });

  it('the Activity Statement reader reads the Corporate Actions section the same way', async () => {
    const records = await readRecords('ibkr-activity', statement);
    const fills = records.flatMap((r) =>
      r.kind === 'fill' ? [`${r.account} ${r.symbol} ${r.side} ${r.quantity}@${r.price}`] : [],
    );
    expect(fills).toEqual(['U4000002 AMZN buy 5@2400']);
    const actions = records.flatMap((r) =>
      r.kind === 'corporateAction'
        ? [`${r.line} ${r.action} ${r.symbol} ${r.ratio ? `${r.ratio.new}:${r.ratio.old}` : r.newSymbol}`]
        : [],
    );
    expect(actions).toEqual(['10 split AMZN 20:1', '12 symbolChange CCIV LCID']);
    expect(records.filter((r) => r.kind === 'warning').map((r) => r.line)).toEqual([13]);
  });
});

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`IBKR corporate actions imported on ${db.name}`, () => {
    const h = useCore(db);

    it('applies the file’s splits to the positions it builds and stores them with the import, once', async () => {
      const core = h.core();
      const user = await newUser(core);
      const { report, trades } = await importText(core, user, xml);
      // XYZ: 105 ÷ 10 = 10.5 at 2.07 × 10 = 20.70; AAPL: 100 × 4 = 400 at 200 ÷ 4 = 50.00; fees (1.00 each) unchanged.
      expect(trades.map((t) => `${t.instrument} ${t.status} ${t.positionSize}@${t.entryPrice} fees ${t.fees}`)).toEqual([
        'XYZ open 10.5@20.7 fees 1',
        'AAPL open 400@50 fees 1',
      ]);
      const xyz = await core.trades.get(user, trades[0]?.id as string);
      expect(xyz.executions?.map((e) => `${e.quantity}@${e.price}`)).toEqual(['10.5@20.7']);
      expect(report.warnings.filter((w) => w.code === 'corporate_action').map((w) => w.line)).toEqual([33]);
      const { corporateActions } = await core.corporateActions.list(user, {});
      expect(corporateActions.map((a) => `${a.kind} ${a.instrument} ${a.ratio ?? a.newInstrument}`).sort()).toEqual([
        'split AAPL 4:1',
        'split XYZ 1:10',
        'symbolChange CCIV LCID',
      ]);
      // Again, as a kept import: nothing new, and the positions are not split a second time.
      const flex = { name: 'flex.xml', open: () => [Buffer.from(xml)] };
      const again = await core.imports.create(user, flex, { sourceTz: 'America/New_York' });
      expect(again.counts).toMatchObject({ tradesCreated: 0, duplicates: 2 });
      expect((await core.corporateActions.list(user, {})).corporateActions).toHaveLength(3);
      const { trades: after } = await core.trades.list(user, {});
      expect(after.map((t) => `${t.instrument} ${t.positionSize}@${t.entryPrice}`).sort()).toEqual([
        'AAPL 400@50',
        'XYZ 10.5@20.7',
      ]);
      // A kept import keeps its actions; undoing it removes them with its trades.
      const other = await newUser(core);
      const kept = await core.imports.create(other, flex, { sourceTz: 'America/New_York' });
      const theirs = (await core.corporateActions.list(other, {})).corporateActions;
      expect(theirs.map((a) => a.importId)).toEqual([kept.id, kept.id, kept.id]);
      await core.imports.undo(other, kept.id);
      expect((await core.corporateActions.list(other, {})).corporateActions).toEqual([]);
    });

    it('splits a stored open position the file has no fills of, and leaves one typed by hand alone', async () => {
      const core = h.core();
      const user = await newUser(core);
      // AAPL bought in an earlier file, 100 at 200.00; the statement with the split has no AAPL fill.
      const earlier = xml
        .replace(/<Trade [^>]*symbol="XYZ"[^>]*\/>/, '')
        .replace(/<CorporateActions>[\s\S]*<\/CorporateActions>/, '');
      await importText(core, user, earlier);
      // XYZ's split is recorded by hand first (a day later than IBKR books it): the file's is the same split, not applied again.
      await core.corporateActions.create(user, { kind: 'split', instrument: 'XYZ', ratio: '1:10', effectiveAt: '2024-08-16' });
      const later = xml.replace(/<Trade [^>]*symbol="AAPL"[^>]*\/>/, '');
      const { trades } = await importText(core, user, later);
      expect(trades.map((t) => `${t.instrument} ${t.positionSize}@${t.entryPrice}`)).toEqual(['XYZ 10.5@20.7', 'AAPL 400@50']);
      // The by-hand one has no note; the file's keep IBKR's description.
      const kinds = (await core.corporateActions.list(user, {})).corporateActions.map(
        (a) => `${a.instrument} ${a.note === null ? 'by hand' : 'from the file'}`,
      );
      expect(kinds.sort()).toEqual(['AAPL from the file', 'CCIV from the file', 'XYZ by hand']);
    });
  });
}
