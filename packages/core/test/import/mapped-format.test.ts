import { describe, expect, it } from 'vitest';
import { checkMappingProfile, formatRegistry, mappedFormat, parseColumnMap, readFileHead } from '../../src/internal.js';

describe('mapping profiles (--map)', () => {
  it('reads inline field=Column pairs, quoted names with commas and doubled quotes included', () => {
    expect(parseColumnMap('time="Exec Time",symbol=Symbol, side = Side ,quantity="Qty, ""filled""",price=Price')).toEqual({
      time: 'Exec Time',
      symbol: 'Symbol',
      side: 'Side',
      quantity: 'Qty, "filled"',
      price: 'Price',
    });
    expect(() => parseColumnMap('tme=Exec Time')).toThrow(/unknown field "tme"; fields: time, symbol/);
    expect(() => parseColumnMap('time')).toThrow(/write field=Column pairs/);
  });

  it('names each missing or unknown field of a profile', () => {
    try {
      checkMappingProfile({ columns: { time: 'T', symbol: 'S', extra: 'E' }, locale: 'fr' });
      expect.unreachable();
    } catch (e) {
      expect((e as { errors: unknown }).errors).toEqual([
        { path: 'columns.quantity', message: 'required' },
        { path: 'columns.price', message: 'required' },
        { path: 'columns.extra', message: 'is not a known field' },
        { path: 'locale', message: 'must be one of us, eu' },
      ]);
    }
  });

  it('detects a file whose header has every mapped column, after title lines', async () => {
    const format = mappedFormat({
      name: 'blotter',
      columns: { time: 'Exec Time', symbol: 'Symbol', side: 'Side', quantity: 'Qty', price: 'Price' },
      datePattern: 'M/d/yyyy H:mm:ss',
    });
    const registry = formatRegistry([format]);
    const head = await readFileHead([
      new TextEncoder().encode('Blotter\nExec Time,Symbol,Side,Qty,Price\n3/2/2026 9:35:10,AAPL,B,1,1\n'),
    ]);
    expect(registry.detect(head)).toMatchObject({ ok: true, format: { name: 'blotter' } });
    const other = await readFileHead([new TextEncoder().encode('Time,Symbol,Side,Qty,Price\n')]);
    expect(format.detect(other)).toBe(0);
  });
});
