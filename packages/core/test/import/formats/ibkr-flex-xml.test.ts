import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../../test/support/databases.js';
import { newUser, useCore } from '../../support/core.js';
import { detectedFormat, importFailure, fixture, importText, readFormat, sharedSample } from './support.js';

const xml = fixture('ibkr-flex.xml');
const sample = sharedSample('ibkr-flex-report.xml');

describe('IBKR Flex Query XML', () => {
  it('is detected among all formats, for our file and the shared sample', async () => {
    expect(await detectedFormat(xml)).toBe('ibkr-flex-xml');
    expect(await detectedFormat(sample)).toBe('ibkr-flex-xml');
  });

  it('gives each execution its order id (none for 0, an order IBKR booked); Ep, A and Ex mark option rows only', async () => {
    const row = (attrs: string) =>
      `<Trade accountId="U1" currency="USD" levelOfDetail="EXECUTION" transactionType="BookTrade" dateTime="20260515;162000" ${attrs} />`;
    const option = (id: string, right: string, qty: number, codes: string, order: string) =>
      row(
        `assetCategory="OPT" symbol="KO    260515${right}00072000" underlyingSymbol="KO" multiplier="100" strike="72" expiry="20260515" putCall="${right}" quantity="${qty}" tradePrice="0" buySell="${qty > 0 ? 'BUY' : 'SELL'}" ibOrderID="${order}" ibExecID="${id}" notes="${codes}"`,
      );
    const text = `<FlexQueryResponse><FlexStatements><FlexStatement accountId="U1"><Trades>
${option('e1', 'C', 1, 'A;C', '0')}
${row('assetCategory="STK" symbol="KO" multiplier="1" quantity="-100" tradePrice="72" buySell="SELL" ibOrderID="0" ibExecID="e2" notes="A;C"')}
${option('e3', 'P', -1, 'C;Ep', '')}
${option('e4', 'C', -2, 'C;Ex', '000')}
${row('assetCategory="STK" symbol="KO" multiplier="1" quantity="200" tradePrice="72" buySell="BUY" ibOrderID="0" ibExecID="e5" notes="Ex;O"')}
${row('assetCategory="FUT" symbol="MESM6" underlyingSymbol="MES" multiplier="5" quantity="1" tradePrice="6600" buySell="BUY" ibOrderID="77" ibExecID="e6" notes="C;Ep"')}
</Trades></FlexStatement></FlexStatements></FlexQueryResponse>`;
    const { fills } = await readFormat('ibkr-flex-xml', text);
    expect(fills.map((f) => [f.execId, f.symbol, f.effect, f.orderId])).toEqual([
      ['e1', 'KO260515C00072000', 'assigned', undefined],
      // The stock an assignment delivers is an ordinary fill at the strike.
      ['e2', 'KO', 'close', undefined],
      ['e3', 'KO260515P00072000', 'expired', undefined],
      ['e4', 'KO260515C00072000', 'exercised', undefined],
      ['e5', 'KO', 'open', undefined],
      // A future's expiry closes at its settlement price.
      ['e6', 'MESM6', 'close', '77'],
    ]);
  });

  it('reads <Trade> executions of every statement with their element lines; ignores positions, orders, lots and CASH', async () => {
    const { fills, warnings } = await readFormat('ibkr-flex-xml', xml);
    expect(fills.map((f) => `${f.account} ${f.symbol} ${f.side} ${f.quantity}@${f.price}`)).toEqual([
      'U3000001 NVDA buy 30@120',
      'U3000001 NVDA buy 20@120.05',
      'U3000001 NVDA sell 50@121.5',
      'U3000001 TSLA260417P00250000 buy 2@5.2',
      'U3000001 TSLA260417P00250000 sell 2@4.05',
      'U3000002 MESM6 sell 2@6650.5',
      'U3000002 MESM6 buy 2@6640',
    ]);
    expect(warnings).toEqual([
      { line: 17, message: 'CASH trades are not imported (this and any further ones are skipped)' },
      { line: 10, message: '1 ORDER rows are not imported: the EXECUTION rows of the same trades are' },
    ]);
    expect(fills[0]).toMatchObject({
      line: 11,
      execId: '00012a.01',
      orderId: '8001',
      commission: 0.3,
      effect: 'open',
      time: { wall: { year: 2026, month: 3, day: 5, hour: 9, minute: 30, second: 0 } },
    });
    expect(fills[3]).toMatchObject({
      assetClass: 'option',
      underlying: 'TSLA',
      strike: 250,
      right: 'put',
      expiry: '2026-04-17',
      multiplier: 100,
    });
    expect(fills[4]).toMatchObject({ effect: 'close', brokerPnl: { amount: -232.6, basis: 'net' } });
  });
});

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`IBKR Flex Query XML import on ${db.name}`, () => {
    const h = useCore(db);

    it('matches the hand-computed net P&L of each trade, per account', async () => {
      const user = await newUser(h.core());
      const { summary, report, trades } = await importText(h.core(), user, xml);
      expect(summary).toMatchObject({ created: 3 });
      expect(report.format.name).toBe('ibkr-flex-xml');
      const by = Object.fromEntries(trades.map((t) => [t.instrument, t]));
      // NVDA: 50 × 121.50 = 6,075.00 − (30 × 120 + 20 × 120.05 = 6,001.00) = 74.00 − 1.00 = 73.00; EST.
      expect(by.NVDA).toMatchObject({ result: 73, fees: 1, account: 'U3000001', entryTime: '2026-03-05T14:30:00.000Z' });
      // TSLA put: (4.05 − 5.20) × 2 × 100 = −230.00 − 2.60 = −232.60.
      expect(by.TSLA260417P00250000).toMatchObject({ result: -232.6, multiplier: 100, assetClass: 'option', right: 'put' });
      // MES short, account from its FlexStatement: (6650.50 − 6640.00) × 2 × 5 = 105.00 − 2.48 = 102.52; EDT.
      expect(by.MESM6).toMatchObject({
        direction: 'short',
        result: 102.52,
        account: 'U3000002',
        multiplier: 5,
        entryTime: '2026-03-16T12:30:00.000Z',
      });
    });

    it('imports the shared sample: GOLD partly sold and AAPL bought, both left open', async () => {
      const user = await newUser(h.core());
      const { summary, trades } = await importText(h.core(), user, sample);
      expect(summary).toMatchObject({ created: 2 });
      const by = Object.fromEntries(trades.map((t) => [t.instrument, t]));
      // GOLD: 691 bought, 100 sold: 591 still open at 43.10; fees 3.455 + 1.1108314 (to the micro-unit).
      expect(by.GOLD).toMatchObject({ status: 'open', positionSize: 591, entryPrice: 43.1, fees: 4.565831, account: 'U1234567' });
      // The sale of 100 at 44.19 (2026-06-15 13:02:07, US/Eastern) books its P&L: (44.19 − 43.10) × 100 = 109.00,
      // less its commission 1.110831 and the lot's 3.455 × 100/691 = 0.50: 107.389169.
      expect(by.GOLD).toMatchObject({
        realizedPnL: 107.389169,
        partialExits: [{ time: '2026-06-15T17:02:07.000Z', realizedPnL: 107.389169 }],
        result: null,
      });
      // The import's report says so: a dry run for another user shows GOLD open with its realized money.
      const dry = await h.core().imports.run(
        await newUser(h.core()),
        { open: () => [Buffer.from(sample)] },
        {
          sourceTz: 'America/New_York',
          dryRun: true,
        },
      );
      expect(dry.groups.find((g) => g.instrument === 'GOLD')).toMatchObject({ open: 1, pnl: 0, openRealizedPnL: 107.389169 });
      // AAPL: 103 + 137 at 300, open; fees 1.000309 + 0.200411.
      expect(by.AAPL).toMatchObject({ status: 'open', positionSize: 240, entryPrice: 300, fees: 1.20072 });
    });

    it('fails the whole import on a bad attribute or malformed XML and writes nothing', async () => {
      const badValue = xml.replace('tradePrice="121.5"', 'tradePrice="12I.5"');
      expect((await importFailure(h.core(), badValue)).message).toContain('line 13, column tradePrice: "12I.5" is not an amount');
      const malformed = xml.replace(
        '</Trades>\n    </FlexStatement>\n    <FlexStatement',
        '</Trade>\n    </FlexStatement>\n    <FlexStatement',
      );
      expect((await importFailure(h.core(), malformed)).message).toMatch(/line 18: not well-formed XML: unexpected close tag/);
    });
  });
}
