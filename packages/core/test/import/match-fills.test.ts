import { describe, expect, it } from 'vitest';
import { canonicalFill, type Fill, type ImportedTrade, matchFills, readFillsCsv } from '../../src/import/index.js';
import { createHash } from 'node:crypto';
import { collect, failure } from './support.js';

const HEAD = 'datetime,symbol,side,quantity,price,commission,fees,exec_id,account,tags,note\n';
/** The trades without their executions (tested apart). */
const match = async (rows: string): Promise<Omit<ImportedTrade, 'executions'>[]> =>
  (await collect(matchFills(readFillsCsv([HEAD + rows])))).map(({ executions: _, ...t }) => t);

describe('matchFills', () => {
  it('scales in: VWAP entry, total size, summed fees', async () => {
    const trades = await match(
      '2026-11-20T14:30:00Z,AAPL,buy,100,10,1,,E1,,,\n' +
        '2026-11-20T14:31:00Z,AAPL,buy,100,11,1,,E2,,,\n' +
        '2026-11-20T14:40:00Z,AAPL,sell,200,12,2,0.5,E3,,,\n',
    );
    expect(trades).toEqual([
      {
        importKey: 'fill::AAPL:E1',
        account: '',
        lines: [2, 4],
        input: {
          instrument: 'AAPL',
          direction: 'long',
          entryPrice: 10.5,
          positionSize: 200,
          entryTime: '2026-11-20T14:30:00.000Z',
          fees: 4.5,
          multiplier: 1,
          exitPrice: 12,
          exitTime: '2026-11-20T14:40:00.000Z',
        },
        partialExits: [],
        strategy: null,
      },
    ]);
  });

  it('scales out with partial exits: VWAP exit, last exit time', async () => {
    const trades = await match(
      '2026-11-20T14:30:00Z,MSFT,sell,300,20,1,,,acc,,\n' +
        '2026-11-20T14:35:00Z,MSFT,buy,100,19,1,,,acc,,\n' +
        '2026-11-20T14:50:00Z,MSFT,buy,200,17.5,1,,,acc,,\n',
    );
    expect(trades).toHaveLength(1);
    expect(trades[0]?.input).toEqual({
      instrument: 'MSFT',
      direction: 'short',
      entryPrice: 20,
      positionSize: 300,
      entryTime: '2026-11-20T14:30:00.000Z',
      fees: 3,
      multiplier: 1,
      exitPrice: 18,
      exitTime: '2026-11-20T14:50:00.000Z',
      account: 'acc',
    });
    expect(trades[0]?.account).toBe('acc');
  });

  it('splits a fill that flips the position, fees pro rata', async () => {
    const trades = await match(
      '2026-11-20T14:30:00Z,ES,buy,1,5000,2.5,,X1,,,\n' +
        '2026-11-20T14:35:00Z,ES,sell,3,5002,3,0.3,X2,,,\n' +
        '2026-11-20T14:45:00Z,ES,buy,2,4999.5,2,,X3,,,\n',
    );
    expect(trades).toEqual([
      {
        importKey: 'fill::ES:X1',
        account: '',
        lines: [2, 3],
        input: {
          instrument: 'ES',
          direction: 'long',
          entryPrice: 5000,
          positionSize: 1,
          entryTime: '2026-11-20T14:30:00.000Z',
          fees: 3.6,
          multiplier: 1,
          exitPrice: 5002,
          exitTime: '2026-11-20T14:35:00.000Z',
        },
        partialExits: [],
        strategy: null,
      },
      {
        importKey: 'fill::ES:X2',
        account: '',
        lines: [3, 4],
        input: {
          instrument: 'ES',
          direction: 'short',
          entryPrice: 5002,
          positionSize: 2,
          entryTime: '2026-11-20T14:35:00.000Z',
          fees: 4.2,
          multiplier: 1,
          exitPrice: 4999.5,
          exitTime: '2026-11-20T14:45:00.000Z',
        },
        partialExits: [],
        strategy: null,
      },
    ]);
  });

  it('leaves open positions open with the quantity still held, partial exits reported', async () => {
    const trades = await match(
      '2026-11-20T14:30:00Z,NVDA,buy,10,100,1,,,,,\n' +
        '2026-11-20T14:31:00Z,TSLA,sell,5,200,1,,,,,\n' +
        '2026-11-20T14:32:00Z,NVDA,buy,10,103,1,,,,,\n' +
        '2026-11-20T14:33:00Z,NVDA,sell,4,110,1,,,,,\n',
    );
    const nvdaKey = createHash('sha256')
      .update(JSON.stringify(['', 'NVDA', Date.parse('2026-11-20T14:30:00Z'), 'buy', 10, 100, 1, 0, 1]))
      .digest('hex');
    expect(trades).toEqual([
      {
        importKey: `fillhash:${nvdaKey}`,
        account: '',
        lines: [2, 5],
        input: {
          instrument: 'NVDA',
          direction: 'long',
          entryPrice: 101.5,
          positionSize: 16,
          entryTime: '2026-11-20T14:30:00.000Z',
          fees: 3,
          multiplier: 1,
        },
        // The sale of 4 at 110 takes 4 of the first lot (10 @ 100, fee 1.00): (110 − 100) × 4 = 40.00,
        // less its own fee 1.00 and the lot's fee pro rata 1.00 × 4/10 = 0.40: 38.60 booked at 14:33.
        partialExits: [{ time: Date.parse('2026-11-20T14:33:00Z'), pnlMicros: 38_600_000 }],
        strategy: null,
      },
      {
        importKey: expect.stringMatching(/^fillhash:[0-9a-f]{64}$/),
        account: '',
        lines: [3, 3],
        input: {
          instrument: 'TSLA',
          direction: 'short',
          entryPrice: 200,
          positionSize: 5,
          entryTime: '2026-11-20T14:31:00.000Z',
          fees: 1,
          multiplier: 1,
        },
        partialExits: [],
        strategy: null,
      },
    ]);
  });

  it('matches fractional quantities exactly and rounds VWAPs to 10 decimals', async () => {
    const trades = await match(
      '2026-11-20T14:30:00Z,BTC,buy,0.1,0.1,,,,,,\n' +
        '2026-11-20T14:31:00Z,BTC,buy,0.2,0.2,,,,,,\n' +
        '2026-11-20T14:32:00Z,BTC,sell,0.3,0.3,,,,,,\n',
    );
    expect(trades.map((t) => [t.input.entryPrice, t.input.positionSize, t.input.exitPrice, t.input.fees])).toEqual([
      [0.1666666667, 0.3, 0.3, 0],
    ]);
  });

  it('keeps accounts apart, unions tags and joins distinct notes', async () => {
    const trades = await match(
      '2026-11-20T14:30:00Z,ES,buy,1,10,,,,A,orb;fomo,entry\n' +
        '2026-11-20T14:30:00Z,ES,sell,1,11,,,,B,,\n' +
        '2026-11-20T14:31:00Z,ES,sell,1,12,,,,A,orb;exit,target hit\n' +
        '2026-11-20T14:32:00Z,ES,buy,1,9,,,,B,,entry\n',
    );
    expect(trades.map((t) => [t.account, t.input.direction, t.input.tags, t.input.notes, t.input.exitPrice])).toEqual([
      ['A', 'long', ['orb', 'fomo', 'exit'], 'entry | target hit', 12],
      ['B', 'short', undefined, 'entry', 9],
    ]);
  });

  it('gives identical importKeys when run again, and numbers identical opening fills apart', async () => {
    const rows =
      '2026-11-20T14:30:00Z,ES,buy,1,10,,,,,,\n' +
      '2026-11-20T14:30:00Z,ES,sell,1,10,,,,,,\n' +
      '2026-11-20T14:30:00Z,ES,buy,1,10,,,,,,\n' +
      '2026-11-20T14:30:00Z,ES,sell,1,10,,,,,,\n';
    const first = (await match(rows)).map((t) => t.importKey);
    const second = (await match(rows)).map((t) => t.importKey);
    expect(second).toEqual(first);
    const hash = createHash('sha256')
      .update(
        canonicalFill({
          line: 0,
          datetime: Date.parse('2026-11-20T14:30:00Z'),
          symbol: 'ES',
          side: 'buy',
          quantity: 1,
          price: 10,
          commission: 0,
          fees: 0,
          account: '',
          multiplier: 1,
          tags: [],
          note: '',
        }),
      )
      .digest('hex');
    expect(first).toEqual([`fillhash:${hash}`, `fillhash:${hash}:2`]);
  });

  it('rejects a fill older than the previous one of its symbol, naming the line', async () => {
    expect(
      await failure(
        match(
          '2026-11-20T14:30:00Z,ES,buy,1,10,,,,,,\n' +
            '2026-11-20T14:20:00Z,NQ,buy,1,10,,,,,,\n' +
            '2026-11-20T14:29:00Z,ES,sell,1,10,,,,acc,,\n' +
            '2026-11-20T14:29:59Z,ES,sell,1,10,,,,,,\n',
        ),
      ),
    ).toBe('line 5, column datetime: older than the previous fill of ES on line 2: fills must be in time order');
  });

  it('streams 200,000 fills without holding them', async () => {
    const n = 200_000;
    async function* generate(): AsyncGenerator<Fill> {
      for (let i = 0; i < n; i++) {
        const buy = i % 2 === 0;
        yield {
          line: i + 2,
          datetime: 1_800_000_000_000 + Math.floor(i / 2) * 1000,
          symbol: `S${(i >> 1) % 50}`,
          side: buy ? 'buy' : 'sell',
          quantity: 3,
          price: buy ? 10 : 10.5,
          commission: 0.1,
          fees: 0,
          account: '',
          multiplier: 1,
          tags: [],
          note: '',
        };
      }
    }
    let count = 0;
    let result = 0;
    for await (const trade of matchFills(generate())) {
      count++;
      result += ((trade.input.exitPrice ?? 0) - trade.input.entryPrice) * trade.input.positionSize;
    }
    expect(count).toBe(n / 2);
    expect(Math.round(result)).toBe(150_000);
  });
});
