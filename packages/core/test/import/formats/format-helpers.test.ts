import { describe, expect, it } from 'vitest';
import { feesInCash } from '../../../src/import/formats/parts/cash-fees.js';
import { closingSides, type MaybeSidedFill } from '../../../src/import/formats/parts/closing-sides.js';
import { tableRows } from '../../../src/import/formats/parts/table-rows.js';
import { fileOrder, inTimeOrder } from '../../../src/import/formats/parts/time-order.js';
import { occSymbol, parseOccSymbol, parseShortOptionSymbol, readCsvRecords } from '../../../src/import/index.js';
import { collect, failure } from '../support.js';

const at = (day: number) => ({ wall: { year: 2026, month: 3, day, hour: 12, minute: 0, second: 0, millisecond: 0 } });

describe('OCC option symbols', () => {
  it('reads root, expiry, right and strike, with or without the padding, and writes the compact spelling back', () => {
    const option = { underlying: 'SPY', expiry: '2025-03-21', right: 'call', strike: 570 };
    expect(parseOccSymbol('SPY250321C00570000')).toEqual(option);
    expect(parseOccSymbol('SPY   250321C00570000')).toEqual(option);
    expect(parseOccSymbol('SPXW  260116P05912500')).toEqual({
      underlying: 'SPXW',
      expiry: '2026-01-16',
      right: 'put',
      strike: 5912.5,
    });
    expect(occSymbol({ underlying: 'spxw', expiry: '2026-01-16', right: 'put', strike: 5912.5 })).toBe('SPXW260116P05912500');
  });

  it('reads the short spelling (root, blank, YYMMDD, C or P, strike as written)', () => {
    expect(parseShortOptionSymbol('SPX 250321P5912.5')).toEqual({
      underlying: 'SPX',
      expiry: '2025-03-21',
      right: 'put',
      strike: 5912.5,
    });
    expect(parseShortOptionSymbol('SPY250321C570')).toBeUndefined();
  });

  it('is undefined for stocks, futures and impossible dates', () => {
    for (const s of ['AAPL', 'ESZ24', 'SPY250231C00570000', 'SPY250321X00570000', 'SPY250321C00000000'])
      expect(parseOccSymbol(s)).toBeUndefined();
  });
});

describe('time order of buffered files', () => {
  it('tells a newest-first file by its times, and falls back to the broker’s usual order when they say nothing', () => {
    expect(fileOrder([{ time: at(5) }, { time: at(5) }, { time: at(2) }], 'oldest-first')).toBe('newest-first');
    expect(fileOrder([{ time: at(2) }, { time: at(5) }], 'newest-first')).toBe('oldest-first');
    expect(fileOrder([{ time: at(5) }, { time: at(5) }], 'newest-first')).toBe('newest-first');
  });

  it('keeps the order in which same-date rows happened in either file order', () => {
    const newestFirst = [
      { id: 'sell', time: at(5) },
      { id: 'buy', time: at(5) },
      { id: 'first', time: at(2) },
    ];
    expect(inTimeOrder(newestFirst, 'oldest-first').map((r) => r.id)).toEqual(['first', 'buy', 'sell']);
    const oldestFirst = [
      { id: 'first', time: at(2) },
      { id: 'buy', time: at(5) },
      { id: 'sell', time: at(5) },
    ];
    expect(inTimeOrder(oldestFirst, 'newest-first').map((r) => r.id)).toEqual(['first', 'buy', 'sell']);
  });
});

describe('closing sides', () => {
  const fill = (line: number, side: 'buy' | 'sell' | undefined, quantity: number): MaybeSidedFill => ({
    kind: 'fill',
    line,
    time: at(line),
    symbol: 'SPY260320P00550000',
    quantity,
    price: side === undefined ? 0 : 1,
    ...(side === undefined ? { effect: 'expired' as const } : { side }),
  });

  it('buys back a short position, and leaves out what exceeds the open position with a warning', () => {
    const out = closingSides([fill(1, 'sell', 3), fill(2, 'buy', 1), fill(3, undefined, 5)]);
    expect(out).toEqual([
      expect.objectContaining({ line: 1, side: 'sell' }),
      expect.objectContaining({ line: 2, side: 'buy' }),
      {
        kind: 'warning',
        line: 3,
        message: 'the expiration of SPY260320P00550000 is 3 more than the open position: that part is left out',
      },
      expect.objectContaining({ line: 3, side: 'buy', quantity: 2, effect: 'expired' }),
    ]);
  });
});

describe('fees held in a cash amount', () => {
  it('counts whole cents beyond gross and listed commission, never below 0, and rejects an amount of the other sign', () => {
    expect(feesInCash(-15000, -15006.95, 6.95)).toBe(0);
    expect(feesInCash(840, 839.98)).toBe(0.02);
    expect(feesInCash(-280.0584, -280.06)).toBe(0);
    expect(feesInCash(100, 100.5)).toBe(0);
    expect(feesInCash(-100, 100)).toBeUndefined();
  });
});

describe('table rows', () => {
  const rows = async (text: string) => {
    const out = await collect(
      tableRows({ kind: 'csv', records: readCsvRecords([text]) }, { required: ['Symbol', 'Qty'], title: 'Test' }),
    );
    return out.flat().map((r) => [r.line, r.get('Symbol'), r.get('qty')]);
  };

  it('passes over title lines and skips repeated headers', async () => {
    expect(await rows('Report for 1234\n\nSymbol,QTY\nAAPL,1\nSymbol,QTY\nMSFT,2\n')).toEqual([
      [4, 'AAPL', '1'],
      [6, 'MSFT', '2'],
    ]);
  });

  it('fails when no line holds the header, naming the columns it needs', async () => {
    expect(await failure(rows('Name,Price\nAAPL,1\n'))).toBe('file: no Test header found: it needs the columns Symbol, Qty');
  });
});
