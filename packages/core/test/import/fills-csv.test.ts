import { describe, expect, it } from 'vitest';
import { type Fill, readFillsCsv } from '../../src/import/index.js';
import { collect, failure } from './support.js';

const read = (text: string): Promise<Fill[]> => collect(readFillsCsv([text]));

describe('readFillsCsv', () => {
  it('parses fills with defaults, side spellings and offsets', async () => {
    const text =
      '\uFEFFDateTime,Symbol,Side,Quantity,Price,Commission,Fees,Exec_ID,Account,Multiplier,Tags,Note,\r\n' +
      '2026-11-20T09:30:00-05:00,ES,BOT,2,"5000.25",1.5,0.25,E1,IB-1,50,orb; open ,first,\r\n' +
      '2026-11-20T14:31:00.123456Z,ES,sld,1,5001,,,,,,,,\r\n' +
      '2026-11-20 15:32:00+0100,AAPL,s,0.5,10,,,,,,,,\r\n';
    expect(await read(text)).toEqual([
      {
        line: 2,
        datetime: Date.parse('2026-11-20T14:30:00.000Z'),
        symbol: 'ES',
        side: 'buy',
        quantity: 2,
        price: 5000.25,
        commission: 1.5,
        fees: 0.25,
        execId: 'E1',
        account: 'IB-1',
        multiplier: 50,
        tags: ['orb', 'open'],
        note: 'first',
      },
      {
        line: 3,
        datetime: Date.parse('2026-11-20T14:31:00.123Z'),
        symbol: 'ES',
        side: 'sell',
        quantity: 1,
        price: 5001,
        commission: 0,
        fees: 0,
        account: '',
        multiplier: 1,
        tags: [],
        note: '',
      },
      {
        line: 4,
        datetime: Date.parse('2026-11-20T14:32:00.000Z'),
        symbol: 'AAPL',
        side: 'sell',
        quantity: 0.5,
        price: 10,
        commission: 0,
        fees: 0,
        account: '',
        multiplier: 1,
        tags: [],
        note: '',
      },
    ]);
  });

  it('names line and column of a bad row', async () => {
    const head = 'datetime,symbol,side,quantity,price,commission\n';
    const good = '2026-11-20T14:30:00Z,ES,buy,1,10,0\n';
    expect(await failure(read(`${head}${good}\n2026-11-20T14:30:00,ES,buy,1,10,0\n`))).toBe(
      'line 4, column datetime: "2026-11-20T14:30:00" has no UTC offset: add Z or e.g. -05:00',
    );
    expect(await failure(read(`${head}${good}2026-11-20T14:30:00Z,ES,short,0,1.234,00,-1\n`))).toBe(
      'line 3: the row has 7 fields, the header only 6',
    );
    expect(await failure(read(`${head}2026-11-20T14:30:00Z,ES,short,0,"1,234",-1\n`))).toBe(
      'line 2, column side: "short" is not a side: use buy/sell (or b/s, bot/sld); ' +
        'line 2, column quantity: must be greater than 0; ' +
        'line 2, column price: "1,234" has thousands separators: write it without them, e.g. 1234; ' +
        'line 2, column commission: must be 0 or more (write costs as positive amounts)',
    );
    expect(await failure(read('datetime,symbol,side,qty,price\n'))).toBe(
      'line 1, column qty: unknown column; line 1, column quantity: required column is missing',
    );
  });

  it('reads order_id and action: an expiry, assignment or exercise at price 0 (blank reads as 0)', async () => {
    const head = 'datetime,symbol,side,quantity,price,order_id,action\n';
    const fills = await read(
      `${head}2026-06-01T14:05:00Z,AAPL260619C00200000,buy,1,4,ord-1,\n` +
        '2026-06-01T14:05:00Z,AAPL260619P00200000,buy,1,3.5,ord-1,trade\n' +
        '2026-06-19T20:00:00Z,AAPL260619P00200000,sell,1,,,Expiry\n' +
        '2026-06-19T20:00:00Z,AAPL260619C00200000,sell,1,0,,exercise\n',
    );
    expect(fills.map((f) => [f.price, f.orderRef, f.action])).toEqual([
      [4, 'ord-1', undefined],
      [3.5, 'ord-1', undefined],
      [0, undefined, 'expiry'],
      [0, undefined, 'exercise'],
    ]);
    expect('orderRef' in (fills[2] as Fill)).toBe(false);
  });

  it('refuses an unknown action, a price other than 0 with one, a price of 0 without one, and a long order_id', async () => {
    const head = 'datetime,symbol,side,quantity,price,order_id,action\n';
    expect(await failure(read(`${head}2026-06-19T20:00:00Z,X,sell,1,2,,expired\n`))).toBe(
      'line 2, column action: "expired" is not an action: use expiry, assignment or exercise (blank or trade for a trade)',
    );
    expect(await failure(read(`${head}2026-06-19T20:00:00Z,X,sell,1,1.5,,assignment\n`))).toBe(
      'line 2, column price: must be 0 (or blank) for an expiry, assignment or exercise: the stock it delivers is a row of its own',
    );
    expect(await failure(read(`${head}2026-06-19T20:00:00Z,X,sell,1,0,,\n`))).toBe(
      'line 2, column price: must be greater than 0',
    );
    expect(await failure(read(`${head}2026-06-19T20:00:00Z,X,sell,1,1,${'o'.repeat(129)},\n`))).toBe(
      'line 2, column order_id: at most 128 characters',
    );
  });
});
