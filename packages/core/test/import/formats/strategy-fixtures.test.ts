/**
 * Our option-strategy fixtures (packages/core/test/fixtures/brokers), written in the brokers'
 * layouts, with the P&L of each computed by hand (multiplier 100 throughout):
 *
 * ibkr-flex-iron-condor.xml (IBKR Flex XML, account U4000001): a short SPY iron condor of 2,
 * expiry 2026-05-15, opened as ONE order (ibOrderID 9001, 2026-04-20 10:00:00): buy 500 P @ 1.10,
 * sell 510 P @ 2.05, sell 560 C @ 1.95, buy 570 C @ 0.90 (credit 2.00 × 2 × 100 = 400); closed
 * in TWO orders: the put vertical (9002, 2026-05-01 11:00:00: buy 510 P @ 0.60, sell 500 P @ 0.15,
 * debit 0.45 × 200 = 90) and the call vertical (9003, 2026-05-08 14:30:00: buy 560 C @ 0.80,
 * sell 570 C @ 0.20, debit 0.60 × 200 = 120). Gross 400 − 90 − 120 = 190; commissions 8 fills ×
 * 1.30 = 10.40; net 179.60. By leg (net of both its fills' 2.60): 500 P (0.15 − 1.10) × 200 − 2.60
 * = −192.60; 510 P (2.05 − 0.60) × 200 − 2.60 = 287.40; 560 C (1.95 − 0.80) × 200 − 2.60 =
 * 227.40; 570 C (0.20 − 0.90) × 200 − 2.60 = −142.60 (the closing rows' fifoPnlRealized).
 *
 * tastytrade-covered-call-assigned.csv (tastytrade transactions): a KO buy-write as ONE order
 * (Order # 500100, 2026-04-01 10:00 −04:00): buy 100 KO @ 70.00 (fees 0.08), sell 1 KO 2026-05-15
 * 72 C @ 1.20 (commission 1.00, fees 0.14); the call assigned at expiry (Receive Deliver
 * 2026-05-15 17:00: the call removed at 0, the 100 shares delivered away @ 72.00, fees 0.15; a
 * dividend between is a money movement, not read). Stock (72 − 70) × 100 = 200; call 1.20 × 100
 * = 120; gross 320; costs 0.08 + 0.15 + 1.00 + 0.14 = 1.37; net 318.63 (stock 200 − 0.23 =
 * 199.77; call 120 − 1.14 = 118.86).
 *
 * thinkorswim-vertical-expired.csv (thinkorswim Account Statement, account 87650001): a QQQ
 * bear call credit vertical of 3, expiry 2026-05-15, one spread row (4/27/26 10:12:30): sell
 * 500 C @ 1.40, buy 505 C @ 0.55 (net 0.85 credit × 3 × 100 = 255); fees from Cash Balance
 * 0.12 misc + 3.90 commissions, shared by quantity (0.06 + 1.95 a leg); both legs EXPIRED
 * worthless (5/15/26 16:00:00, price 0). Net 255 − 4.02 = 250.98 (500 C 1.40 × 300 − 2.01 =
 * 417.99; 505 C −0.55 × 300 − 2.01 = −167.01).
 *
 * tj-fills-straddle.csv (our fills CSV, account IB7): a long AAPL straddle, expiry 2026-06-19,
 * strike 200, as one order (order_id ord-501, 2026-06-01 10:05 −04:00): buy 1 C @ 4.00, buy 1 P
 * @ 3.50 (commission 0.65 each); the call sold 2026-06-10 @ 9.00 (0.65); the put expired
 * (action expiry, price 0, 2026-06-19 16:00). Call (9.00 − 4.00) × 100 − 1.30 = 498.70; put
 * −3.50 × 100 − 0.65 = −350.65; net 148.05.
 */
import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../../test/support/databases.js';
import { fillMarks } from '../../../src/import/formats/parts/fill-marks.js';
import { newUser, useCore } from '../../support/core.js';
import { detectedFormat, fixture, importText, readFormat, totalResult } from './support.js';

const FIXTURES = [
  {
    name: 'ibkr-flex-iron-condor.xml',
    format: 'ibkr-flex-xml',
    net: 179.6,
    fills: 8,
    strategy: 'iron condor',
    underlying: 'SPY',
  },
  {
    name: 'tastytrade-covered-call-assigned.csv',
    format: 'tastytrade-transactions',
    net: 318.63,
    fills: 4,
    strategy: 'covered call',
    underlying: 'KO',
  },
  {
    name: 'thinkorswim-vertical-expired.csv',
    format: 'thinkorswim-statement',
    net: 250.98,
    fills: 4,
    strategy: 'vertical',
    underlying: 'QQQ',
  },
  { name: 'tj-fills-straddle.csv', format: 'tj-fills', net: 148.05, fills: 4, strategy: 'straddle', underlying: 'AAPL' },
] as const;

/** Each fill of a fixture as `symbol side quantity@price`, its order reference and action as the engine gets them. */
async function marked(name: string, format: string) {
  const { fills } = await readFormat(format, fixture(name));
  return fills.map((f) => [`${f.symbol} ${f.side} ${f.quantity}@${f.price}`, fillMarks(f)]);
}

describe('the option-strategy fixtures: fills with their order references and actions', () => {
  it.each(FIXTURES)('$name is detected as $format', async ({ name, format }) => {
    expect(await detectedFormat(fixture(name))).toBe(format);
  });

  it('IBKR Flex: the four legs of the iron condor share its ibOrderID; each closing vertical its own', async () => {
    expect(await marked('ibkr-flex-iron-condor.xml', 'ibkr-flex-xml')).toEqual([
      ['SPY260515P00500000 buy 2@1.1', { orderRef: '9001' }],
      ['SPY260515P00510000 sell 2@2.05', { orderRef: '9001' }],
      ['SPY260515C00560000 sell 2@1.95', { orderRef: '9001' }],
      ['SPY260515C00570000 buy 2@0.9', { orderRef: '9001' }],
      ['SPY260515P00510000 buy 2@0.6', { orderRef: '9002' }],
      ['SPY260515P00500000 sell 2@0.15', { orderRef: '9002' }],
      ['SPY260515C00560000 buy 2@0.8', { orderRef: '9003' }],
      ['SPY260515C00570000 sell 2@0.2', { orderRef: '9003' }],
    ]);
  });

  it('tastytrade: the buy-write shares its Order #; the assigned call leaves at 0 (bought back), the stock at the strike', async () => {
    expect(await marked('tastytrade-covered-call-assigned.csv', 'tastytrade-transactions')).toEqual([
      ['KO buy 100@70', { orderRef: '500100' }],
      ['KO260515C00072000 sell 1@1.2', { orderRef: '500100' }],
      ['KO260515C00072000 buy 1@0', { action: 'assignment' }],
      ['KO sell 100@72', {}],
    ]);
  });

  it('thinkorswim: the spread’s legs share one reference (its first leg’s time and line); the expired legs leave at 0', async () => {
    expect(await marked('thinkorswim-vertical-expired.csv', 'thinkorswim-statement')).toEqual([
      ['QQQ260515C00505000 sell 3@0', { orderRef: '5/15/26 16:00:00 L23', action: 'expiry' }],
      ['QQQ260515C00500000 buy 3@0', { orderRef: '5/15/26 16:00:00 L24', action: 'expiry' }],
      ['QQQ260515C00500000 sell 3@1.4', { orderRef: '4/27/26 10:12:30 L25' }],
      ['QQQ260515C00505000 buy 3@0.55', { orderRef: '4/27/26 10:12:30 L25' }],
    ]);
  });

  it('our fills CSV: order_id and action, an OCC symbol read as its option', async () => {
    const { fills } = await readFormat('tj-fills', fixture('tj-fills-straddle.csv'));
    expect(fills.map((f) => [`${f.symbol} ${f.side} ${f.quantity}@${f.price}`, fillMarks(f)])).toEqual([
      ['AAPL260619C00200000 buy 1@4', { orderRef: 'ord-501' }],
      ['AAPL260619P00200000 buy 1@3.5', { orderRef: 'ord-501' }],
      ['AAPL260619C00200000 sell 1@9', { orderRef: 'ord-502' }],
      ['AAPL260619P00200000 sell 1@0', { action: 'expiry' }],
    ]);
    expect(fills[1]).toMatchObject({ assetClass: 'option', underlying: 'AAPL', expiry: '2026-06-19', strike: 200, right: 'put' });
    expect(fills[1]?.multiplier).toBe(100);
  });
});

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`the option-strategy fixtures import with their hand-computed P&L on ${db.name}`, () => {
    const h = useCore(db);

    it.each(FIXTURES)(
      '$name: one $strategy position of its legs, net $net',
      async ({ name, net, fills, strategy, underlying }) => {
        const user = await newUser(h.core());
        const { trades, report } = await importText(h.core(), user, fixture(name));
        expect(report.fills).toBe(fills);
        expect(trades.map((t) => [t.instrument, t.strategy, t.status])).toEqual([[underlying, strategy, 'closed']]);
        expect(totalResult(trades)).toBe(net);
        const legs = await h.core().trades.get(user, trades[0]?.id as string);
        expect(legs.executions).toHaveLength(fills);
      },
    );
  });
}
