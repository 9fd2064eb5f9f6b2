/**
 * Other journals' trade exports (TradeTally, TradeNote): whole trades with the journal's own P&L,
 * notes, setups, tags and stops, on both databases. The fixtures are ours, in each journal's layout
 * (see the format files for where the layouts come from).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../../test/support/databases.js';
import { newUser, useCore } from '../../support/core.js';
import { detectedFormat, fixture, importFailure, importText, importWithCore, readAllRecords, sharedSample } from './support.js';

const journal = (name: string) => readFileSync(new URL(`../../fixtures/journals/${name}`, import.meta.url), 'utf8');
const tally = journal('tradetally-trades.csv');
const note = journal('tradenote-trades.csv');
const JOURNAL_FORMATS = ['tradetally-trades', 'tradenote-trades'];

describe('other journals’ exports: detection and reading', () => {
  it('detects each export by its header', async () => {
    expect(await detectedFormat(tally)).toBe('tradetally-trades');
    expect(await detectedFormat(note)).toBe('tradenote-trades');
  });

  it('takes no broker file of ours nor any shared sample, and TradeNote’s import template stays DAS’s', async () => {
    const ours = readdirSync(fileURLToPath(new URL('../../fixtures/brokers/', import.meta.url))).filter((f) =>
      f.endsWith('.csv'),
    );
    for (const name of ours) expect(JOURNAL_FORMATS, name).not.toContain(await detectedFormat(fixture(name)));
    for (const name of [
      'das-tradenote-template.csv',
      'tradestation-trades.csv',
      'webull-orders.csv',
      'schwab-transactions.csv',
    ]) {
      expect(JOURNAL_FORMATS, name).not.toContain(await detectedFormat(sharedSample(name)));
    }
  });

  it('reads a TradeTally row as a whole trade: date at noon of the source zone, setup, strategy and grade as tags', async () => {
    const [first] = await readAllRecords('tradetally-trades', tally, 'America/New_York');
    expect(first).toMatchObject({
      kind: 'trade',
      line: 2,
      input: {
        instrument: 'AAPL',
        direction: 'long',
        entryPrice: 185.5,
        positionSize: 100,
        entryTime: '2026-03-16T16:00:00.000Z',
        exitPrice: 187.25,
        exitTime: '2026-03-16T16:00:00.000Z',
        result: 173.5,
        fees: 1.5,
        setupType: 'ORB',
        tags: ['breakout', 'morning', 'momentum', 'grade A'],
        notes: 'Opening range breakout, held through VWAP',
        account: 'lightspeed',
        assetClass: 'stock',
      },
    });
    expect(first?.kind === 'trade' && first.importKey).toMatch(/^tradetally:[0-9a-f]{64}$/);
  });

  it('warns once that TradeNote’s CSV has no readable tags', async () => {
    const records = await readAllRecords('tradenote-trades', note);
    expect(records.filter((r) => r.kind === 'warning')).toEqual([
      expect.objectContaining({ line: 2, message: expect.stringContaining('[object Object]') }),
    ]);
    expect(records.filter((r) => r.kind === 'trade').map((r) => r.kind === 'trade' && r.importKey)).toEqual([
      'tradenote:TZ-1:t1773668112_MSFT_stock_B',
      'tradenote:TZ-2:t1773756000_AMD_stock_SS',
      'tradenote:TZ-1:t1773846000_NVDA_stock_B',
    ]);
  });
});

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`other journals’ exports on ${db.name}`, () => {
    const h = useCore(db);

    it('imports TradeTally’s trades with its P&L, fees, notes, setup, tags, options and futures; re-import adds nothing', async () => {
      const core = h.core();
      const user = await newUser(core);
      const { summary, trades } = await importText(core, user, tally, 'America/New_York');
      expect(summary).toMatchObject({ created: 5 });
      const by = Object.fromEntries(trades.map((t) => [t.instrument, t]));
      // AAPL long 100: (187.25 − 185.50) × 100 = 175.00 − (0.50 + 1.00) = 173.50.
      expect(by.AAPL).toMatchObject({ status: 'closed', result: 173.5, fees: 1.5, setupType: 'ORB', account: 'lightspeed' });
      // TSLA short 50: (250.00 − 252.40) × 50 = −120.00 − (0.25 + 1.00) = −121.25; the note keeps its quotes.
      expect(by.TSLA).toMatchObject({
        direction: 'short',
        result: -121.25,
        fees: 1.25,
        setupType: 'mean reversion',
        notes: 'Faded the gap; "stopped" out',
        tags: ['fade', 'grade C'],
      });
      // SPY 570 call, 2 contracts: (4.35 − 3.10) × 2 × 100 = 250.00 − (0.04 + 1.30) = 248.66.
      expect(by.SPY260320C00570000).toMatchObject({
        assetClass: 'option',
        underlying: 'SPY',
        multiplier: 100,
        right: 'call',
        strike: 570,
        expiry: '2026-03-20',
        result: 248.66,
        account: 'schwab',
      });
      // ESM6, 1 contract at 50 a point: (5610.75 − 5600.25) × 50 = 525.00 − 4.50 = 520.50.
      expect(by.ESM6).toMatchObject({ assetClass: 'future', multiplier: 50, result: 520.5, setupType: 'Pullback' });
      // NVDA is still open: no exit, no result, its 1.00 of commission kept.
      expect(by.NVDA).toMatchObject({ status: 'open', result: null, fees: 1, notes: 'Still holding', setupType: 'swing' });
      // 173.50 − 121.25 + 248.66 + 520.50 = 821.41.
      const total = trades.reduce((s, t) => s + Math.round((t.result ?? 0) * 100), 0) / 100;
      expect(total).toBe(821.41);
      expect(await importWithCore(core, user, tally, 'America/New_York')).toEqual({ created: 0, closed: 0, skipped: 5 });
    });

    it('imports TradeNote’s trades with its net P&L, stop and note; re-import adds nothing', async () => {
      const core = h.core();
      const user = await newUser(core);
      const { summary, trades } = await importText(core, user, note, 'UTC');
      expect(summary).toMatchObject({ created: 3 });
      const by = Object.fromEntries(trades.map((t) => [t.instrument, t]));
      // MSFT long 100 at 410, out 50 at 412 and 50 at 413 (TradeNote keeps the last exit, 413):
      // gross 50 × 2 + 50 × 3 = 250.00; net 250.00 − (2.00 + 0.05 + 0.03) = 247.92; fees 250.00 − 247.92 = 2.08.
      expect(by.MSFT).toMatchObject({
        direction: 'long',
        positionSize: 100,
        entryPrice: 410,
        exitPrice: 413,
        entryTime: '2026-03-16T13:35:12.000Z',
        exitTime: '2026-03-16T14:10:00.000Z',
        result: 247.92,
        fees: 2.08,
        stopLoss: 408.5,
        notes: 'Scaled out into strength',
        account: 'TZ-1',
        currency: 'USD',
      });
      // R: 247.92 ÷ ((410 − 408.5) × 100 = 150) = 1.6528.
      expect(by.MSFT?.rMultiple).toBe(1.6528);
      // AMD short 200 at 160.00, covered at 161.50: (160 − 161.5) × 200 = −300.00 − 2.00 = −302.00.
      expect(by.AMD).toMatchObject({ direction: 'short', result: -302, fees: 2, stopLoss: 161.5, account: 'TZ-2' });
      expect(by.NVDA).toMatchObject({ status: 'open', result: null, positionSize: 10 });
      expect(await importWithCore(core, user, note, 'UTC')).toEqual({ created: 0, closed: 0, skipped: 3 });
    });

    it('fails a TradeNote file with a bad time, naming line, column and value, and writes nothing', async () => {
      const { message, trades } = await importFailure(h.core(), note.replace('1773670200', '14:10'));
      expect(message).toContain('line 2, column exitTime: "14:10" is not a Unix time in seconds');
      expect(trades).toBe(0);
    });
  });
}
