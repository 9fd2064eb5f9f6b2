/**
 * The bars file line reader and the fast cell parsers: line numbers across chunk boundaries and
 * every line break, quoted lines, the record bound; Z times and decimals read exactly as the
 * general parsers read them, and anything else left to those.
 */
import { describe, expect, it } from 'vitest';
import { readBarLines } from '../../src/bars/bar-lines.js';
import { utcIsoMs } from '../../src/bars/formats/cells.js';
import { parseTimeCell } from '../../src/import/values/plain.js';

async function lines(chunks: string[], max = 1000) {
  const out: { line: number; cells: string[] }[] = [];
  for await (const batch of readBarLines(chunks, ',', max)) out.push(...batch);
  return out;
}

describe('bars file lines', () => {
  it('numbers physical lines whatever the breaks and wherever a chunk ends (a CRLF split in two)', async () => {
    // Line 1 "a,b" ends CRLF split across chunks; line 2 is blank (skipped); line 3 ends with a lone CR;
    // line 4 has no break at the end. A BOM opens the file.
    const got = await lines(['\ufeffa,b\r', '\n\r\nc,d\re', ',f']);
    expect(got).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 3, cells: ['c', 'd'] },
      { line: 4, cells: ['e', 'f'] },
    ]);
  });

  it('reads a line with a quote as CSV, and refuses a quote left open on its line', async () => {
    expect(await lines(['time,"Volume, MA"\n1,2\n'])).toEqual([
      { line: 1, cells: ['time', 'Volume, MA'] },
      { line: 2, cells: ['1', '2'] },
    ]);
    await expect(lines(['a,"b\nc"\n'])).rejects.toMatchObject({ errors: [{ path: 'line 1' }] });
  });

  it('stops at a line longer than the bound, complete or not', async () => {
    await expect(lines([`ok\n${'x'.repeat(20)}\n`], 10)).rejects.toMatchObject({ code: 'payload_too_large' });
    await expect(lines([`ok\n${'x'.repeat(20)}`], 10)).rejects.toMatchObject({ code: 'payload_too_large' });
  });
});

describe('the fast Z-time reader', () => {
  it('reads what the general parser reads, to the millisecond', () => {
    for (const t of ['2026-11-02T14:30:00Z', '2024-02-29T23:59:59.999Z', '2026-11-02 14:30:00Z', '1999-12-31T00:00:00.000Z']) {
      const general = parseTimeCell(t);
      expect(general.ok && 'utc' in general.value ? general.value.utc : undefined).toBe(utcIsoMs(t));
    }
    // 2026-11-02T14:30:00Z is 1,793,629,800 s after the epoch.
    expect(utcIsoMs('2026-11-02T14:30:00Z')).toBe(1_793_629_800_000);
  });

  it('leaves anything else to the general parser: offsets, naive times, impossible dates', () => {
    for (const t of [
      '2026-11-02T09:30:00-05:00',
      '2026-11-02T14:30:00',
      '2026-02-29T00:00:00Z',
      '2026-04-31T00:00:00Z',
      '2026-13-01T00:00:00Z',
      '2026-11-02T24:00:00Z',
      '2026-11-0xT14:30:00Z',
    ]) {
      expect(utcIsoMs(t)).toBeUndefined();
    }
  });
});
