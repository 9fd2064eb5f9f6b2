import { describe, expect, it } from 'vitest';
import {
  formatTradeCsvRow,
  formatTradesCsvHeader,
  readTradesCsv,
  type TradeCsvItem,
  type TradeCsvRecord,
} from '../../src/import/index.js';
import { collect, failure } from './support.js';

const read = (text: string): Promise<TradeCsvItem[]> => collect(readTradesCsv([text]));

const CLOSED: TradeCsvRecord = {
  id: '0190f3c2-7a1b-7c3d-8e4f-5a6b7c8d9e0f',
  instrument: 'ES',
  direction: 'long',
  entryPrice: 5000.25,
  positionSize: 2,
  entryTime: '2026-11-20T14:30:00.000Z',
  stopLoss: 4990,
  takeProfit: null,
  setupType: 'opening range, breakout',
  notes: 'said "go"\nthen, waited',
  tags: ['orb', 'a+'],
  fees: 4.5,
  multiplier: 50,
  exitPrice: 5010.75,
  exitTime: new Date('2026-11-20T15:00:00.000Z'),
  result: 1045.5,
  rMultiple: 1.0455,
  status: 'closed',
  createdAt: '2026-11-21T00:00:00.000Z',
  updatedAt: '2026-11-21T00:00:00.000Z',
};

const OPEN: TradeCsvRecord = {
  id: '0190f3c2-7a1b-7c3d-8e4f-000000000002',
  instrument: 'EURUSD',
  direction: 'short',
  entryPrice: 1.0875,
  positionSize: 100000,
  entryTime: '2026-11-21T08:00:00.000Z',
  fees: 0,
  multiplier: 1,
  tags: [],
  status: 'open',
  result: null,
  rMultiple: null,
};

describe('trades CSV export and import', () => {
  it('writes the record columns and quotes cells that need it', () => {
    expect(formatTradesCsvHeader()).toBe(
      'id,instrument,direction,entryPrice,positionSize,entryTime,stopLoss,takeProfit,setupType,notes,tags,fees,multiplier,exitPrice,exitTime,result,account,assetClass,currency,underlying,expiry,strike,right,rMultiple,status,createdAt,updatedAt',
    );
    expect(formatTradeCsvRow(CLOSED)).toBe(
      '0190f3c2-7a1b-7c3d-8e4f-5a6b7c8d9e0f,ES,long,5000.25,2,2026-11-20T14:30:00.000Z,4990,,"opening range, breakout","said ""go""\nthen, waited",orb;a+,4.5,50,5010.75,2026-11-20T15:00:00.000Z,1045.5,,,,,,,,1.0455,closed,2026-11-21T00:00:00.000Z,2026-11-21T00:00:00.000Z',
    );
  });

  it('round-trips: export then import gives the create fields back', async () => {
    const text = [formatTradesCsvHeader(), formatTradeCsvRow(CLOSED), formatTradeCsvRow(OPEN)].join('\r\n');
    expect(await read(text)).toEqual([
      {
        line: 2,
        id: CLOSED.id,
        importKey: `id:${CLOSED.id}`,
        input: {
          instrument: 'ES',
          direction: 'long',
          entryPrice: 5000.25,
          positionSize: 2,
          entryTime: '2026-11-20T14:30:00.000Z',
          stopLoss: 4990,
          setupType: 'opening range, breakout',
          notes: 'said "go"\nthen, waited',
          tags: ['orb', 'a+'],
          fees: 4.5,
          multiplier: 50,
          exitPrice: 5010.75,
          exitTime: '2026-11-20T15:00:00.000Z',
          result: 1045.5,
        },
      },
      {
        line: 4,
        id: OPEN.id,
        importKey: `id:${OPEN.id}`,
        input: {
          instrument: 'EURUSD',
          direction: 'short',
          entryPrice: 1.0875,
          positionSize: 100000,
          entryTime: '2026-11-21T08:00:00.000Z',
          fees: 0,
          multiplier: 1,
        },
      },
    ]);
  });

  it('round-trips account, asset class and option details', async () => {
    const option: TradeCsvRecord = {
      ...OPEN,
      instrument: 'SPY 260320C570',
      account: 'U7',
      assetClass: 'option',
      currency: 'USD',
      underlying: 'SPY',
      expiry: '2026-03-20',
      strike: 570,
      right: 'call',
    };
    const [item] = await read([formatTradesCsvHeader(), formatTradeCsvRow(option)].join('\n'));
    expect(item?.input).toMatchObject({
      account: 'U7',
      assetClass: 'option',
      currency: 'USD',
      underlying: 'SPY',
      expiry: '2026-03-20',
      strike: 570,
      right: 'call',
    });
  });

  it('accepts loose column names, quoted numbers, offsets; omits empty cells', async () => {
    const [item] = await read(
      'Instrument,DIRECTION,entry_price,Position Size,entry-time,fees,status\n' +
        'AAPL,Short,"1234.5", 10 ,2026-11-20 09:30:00-05:00,,open\n',
    );
    expect(item).toEqual({
      line: 2,
      // sha256 of [["instrument","AAPL"],["direction","short"],["entryPrice",1234.5],["positionSize",10],["entryTime","2026-11-20T14:30:00.000Z"]]
      importKey: 'row:bffc5d4cdacf491afeb392ab02dee29d087cd6612acdb3a1f1edfaa2ee698dcd',
      input: {
        instrument: 'AAPL',
        direction: 'short',
        entryPrice: 1234.5,
        positionSize: 10,
        entryTime: '2026-11-20T14:30:00.000Z',
      },
    });
  });

  it('keys rows without id by content: same content, same key, whatever the spelling', async () => {
    const a = await read(
      'instrument,direction,entryPrice,positionSize,entryTime,tags\nNQ,long,100.50,1,2026-11-20T14:30:00Z,b;a\n',
    );
    const b = await read(
      'entryTime,instrument,direction,entryPrice,positionSize,tags\n2026-11-20T15:30:00+01:00,NQ,long,100.5,1.0,a; b\n',
    );
    const c = await read('instrument,direction,entryPrice,positionSize,entryTime\nNQ,long,100.5,1,2026-11-20T14:30:00Z\n');
    expect(a[0]?.importKey).toBe(b[0]?.importKey);
    expect(a[0]?.importKey).not.toBe(c[0]?.importKey);
  });

  it('rejects thousands separators and other bad cells, naming line and column', async () => {
    const head = 'instrument,direction,entryPrice,positionSize,entryTime,stopLoss\n';
    expect(await failure(read(`${head}ES,long,5000,1,2026-11-20T14:30:00Z,\nES,long,"1,234.5",1,2026-11-20T14:30:00Z,\n`))).toBe(
      'line 3, column entryPrice: "1,234.5" has thousands separators: write it without them, e.g. 1234.5',
    );
    expect(await failure(read(`${head}ES,long,12,5,1,2026-11-20T14:30:00Z\n`))).toMatch(
      /^line 2, column entryTime: "1" is not an ISO 8601/,
    );
    expect(await failure(read(`${head}ES,up,-1,1,2026-11-20T14:30:00,5\n`))).toBe(
      'line 2, column direction: must be long or short; line 2, column entryPrice: must be greater than 0; ' +
        'line 2, column entryTime: "2026-11-20T14:30:00" has no UTC offset: add Z or e.g. -05:00',
    );
    expect(await failure(read(`${head}ES,long,100,1,2026-11-20T14:30:00Z,101\n`))).toBe(
      'line 2, column stopLoss: must be on the losing side of the entry for a long trade',
    );
    expect(await failure(read('instrument,direction,entry_prise,positionSize,entryTime\n'))).toBe(
      'line 1, column entry_prise: unknown column; line 1, column entryPrice: required column is missing',
    );
  });
});
