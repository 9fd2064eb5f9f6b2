/**
 * The trade exports of the closed journals, Tradervue and TraderSync: whole trades with the
 * journal's own net P&L, notes, tags, setups and stops, on both databases. The fixtures are ours,
 * in the layouts public readers of those files agree on (see the format files and
 * docs/decisions.md for the sources); the P&L of each row is worked out in fixtures/journals/README.md.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../../test/support/databases.js';
import { newUser, useCore } from '../../support/core.js';
import { detectedFormat, fixture, importFailure, importText, importWithCore, readAllRecords, sharedSample } from './support.js';

const journal = (name: string) => readFileSync(new URL(`../../fixtures/journals/${name}`, import.meta.url), 'utf8');
const vue = journal('tradervue-trades.csv');
const sync = journal('tradersync-trades.csv');
const NEW_FORMATS = ['tradervue-trades', 'tradersync-trades'];
const dir = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Tradervue's layout without commission data: the first 14 columns (no Net P&L, Commissions, Fees, Initial Risk). */
const vueWithoutCommissions = vue
  .trim()
  .split('\n')
  .map((line) => {
    const cells = line.match(/("([^"]|"")*"|[^,]*)(,|$)/g) ?? [];
    return cells.slice(0, 14).join('').replace(/,$/, '');
  })
  .join('\n');

describe('Tradervue and TraderSync exports: detection and reading', () => {
  it('detects each export by its header, and the other journals’ exports stay theirs', async () => {
    expect(await detectedFormat(vue)).toBe('tradervue-trades');
    expect(await detectedFormat(vueWithoutCommissions)).toBe('tradervue-trades');
    expect(await detectedFormat(sync)).toBe('tradersync-trades');
    expect(await detectedFormat(journal('tradetally-trades.csv'))).toBe('tradetally-trades');
    expect(await detectedFormat(journal('tradenote-trades.csv'))).toBe('tradenote-trades');
  });

  it('takes no broker file of ours nor any shared sample', async () => {
    for (const name of readdirSync(dir('../../fixtures/brokers/')).filter((f) => f.endsWith('.csv'))) {
      expect(NEW_FORMATS, name).not.toContain(await detectedFormat(fixture(name)));
    }
    for (const name of readdirSync(dir('../../../../../../shared/fixtures/brokers/')).filter((f) => f.endsWith('.csv'))) {
      expect(NEW_FORMATS, name).not.toContain(await detectedFormat(sharedSample(name)));
    }
  });

  it('reads a Tradervue row: size is Volume ÷ 2, Net P&L the result, the stop from Initial Risk, tags split on blanks', async () => {
    const [aapl, , esm6, spy, nvda] = await readAllRecords('tradervue-trades', vue, 'America/New_York');
    // 2026-03-16 09:35:12 in New York (EDT, UTC−4) is 13:35:12 UTC.
    expect(aapl).toMatchObject({
      kind: 'trade',
      line: 2,
      input: {
        instrument: 'AAPL',
        direction: 'long',
        positionSize: 100, // Volume 200 counts the 100 bought and the 100 sold
        entryPrice: 185.5,
        entryTime: '2026-03-16T13:35:12.000Z',
        exitPrice: 187.25,
        exitTime: '2026-03-16T14:12:40.000Z',
        result: 173.5, // gross 175.00 − net 173.50 = 1.50 of fees
        fees: 1.5,
        stopLoss: 185, // 185.50 − 50.00 risk ÷ 100 shares
        notes: 'Opening range breakout, held through VWAP',
        tags: ['breakout', 'orb'],
      },
    });
    expect(aapl?.kind === 'trade' && aapl.importKey).toMatch(/^tradervue:[0-9a-f]{64}$/);
    // ESM6, 2 contracts at 50 a point: stop 5600.25 − 250.00 ÷ (2 × 50) = 5597.75; tags split on the comma.
    expect(esm6).toMatchObject({
      input: {
        assetClass: 'future',
        underlying: 'ES',
        multiplier: 50,
        positionSize: 2,
        stopLoss: 5597.75,
        tags: ['pullback', 'futures'],
      },
    });
    // An OCC symbol is an option of 100: stop 3.10 − 100.00 ÷ (2 × 100) = 2.60.
    expect(spy).toMatchObject({
      input: {
        assetClass: 'option',
        underlying: 'SPY',
        right: 'call',
        strike: 570,
        expiry: '2026-03-20',
        multiplier: 100,
        positionSize: 2,
        stopLoss: 2.6,
        result: 248.66,
      },
    });
    // NVDA is open: its Volume is what was bought so far; no exit, no result.
    expect(nvda).toMatchObject({ input: { positionSize: 10, notes: 'Still holding', tags: ['swing'] } });
    expect(nvda?.kind === 'trade' && nvda.input).not.toHaveProperty('result');
  });

  it('takes Gross P&L as the result when the export has no Net P&L (no commission data)', async () => {
    const [aapl] = await readAllRecords('tradervue-trades', vueWithoutCommissions, 'America/New_York');
    expect(aapl).toMatchObject({ input: { result: 175, fees: 0, positionSize: 100 } });
    expect(aapl?.kind === 'trade' && aapl.input).not.toHaveProperty('stopLoss');
  });

  it('reads a TraderSync row: Net Return the result, Commision + Fees, first setup, the rest and the mistakes as tags', async () => {
    const [aapl, tsla, spy] = await readAllRecords('tradersync-trades', sync, 'America/New_York');
    expect(aapl).toMatchObject({
      kind: 'trade',
      line: 2,
      input: {
        instrument: 'AAPL',
        direction: 'long',
        positionSize: 100,
        entryPrice: 185.5,
        entryTime: '2026-03-16T13:35:12.000Z',
        exitPrice: 187.25,
        exitTime: '2026-03-16T14:12:40.000Z',
        result: 173.5,
        fees: 1.5, // $1.00 Commision + $0.50 Fees
        setupType: 'Breakout',
        tags: ['ORB'],
        stopLoss: 185,
        takeProfit: 188,
        account: 'Main',
        assetClass: 'stock',
        multiplier: 1,
      },
    });
    expect(aapl?.kind === 'trade' && aapl.importKey).toMatch(/^tradersync:[0-9a-f]{64}$/);
    expect(tsla).toMatchObject({
      input: { direction: 'short', result: -121.25, setupType: 'Gap fade', tags: ['Late exit', 'Oversized'], stopLoss: 251.2 },
    });
    expect(spy).toMatchObject({
      input: { assetClass: 'option', multiplier: 100, underlying: 'SPY', strike: 570, expiry: '2026-03-20', result: 248.66 },
    });
  });
});

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`Tradervue and TraderSync exports on ${db.name}`, () => {
    const h = useCore(db);

    it('imports Tradervue’s trades with its net P&L, notes, tags and implied stops; re-import adds nothing', async () => {
      const core = h.core();
      const user = await newUser(core);
      const { summary, trades } = await importText(core, user, vue, 'America/New_York');
      expect(summary).toMatchObject({ created: 5 });
      const by = Object.fromEntries(trades.map((t) => [t.instrument, t]));
      // AAPL long 100: (187.25 − 185.50) × 100 = 175.00 − (1.00 + 0.50) = 173.50; R = 173.50 ÷ 50.00 = 3.47.
      expect(by.AAPL).toMatchObject({
        status: 'closed',
        positionSize: 100,
        result: 173.5,
        fees: 1.5,
        stopLoss: 185,
        rMultiple: 3.47,
      });
      // TSLA short 50: (250.00 − 252.40) × 50 = −120.00 − (1.00 + 0.25) = −121.25; stop 250.00 + 60.00 ÷ 50 = 251.20.
      expect(by.TSLA).toMatchObject({
        direction: 'short',
        result: -121.25,
        stopLoss: 251.2,
        notes: 'Faded the gap; "stopped" out',
        tags: ['fade'],
      });
      // ESM6 long 2 at 50 a point: 10.50 × 50 × 2 = 1050.00 − (4.00 + 1.50) = 1044.50; R = 1044.50 ÷ 250.00 = 4.178.
      expect(by.ESM6).toMatchObject({ multiplier: 50, result: 1044.5, fees: 5.5, rMultiple: 4.178 });
      // SPY 570 call × 2: 1.25 × 2 × 100 = 250.00 − (1.30 + 0.04) = 248.66; R = 248.66 ÷ 100.00 = 2.4866.
      expect(by.SPY260320C00570000).toMatchObject({ assetClass: 'option', result: 248.66, stopLoss: 2.6, rMultiple: 2.4866 });
      expect(by.NVDA).toMatchObject({ status: 'open', result: null });
      // 173.50 − 121.25 + 1044.50 + 248.66 = 1345.41.
      const total = trades.reduce((s, t) => s + Math.round((t.result ?? 0) * 100), 0) / 100;
      expect(total).toBe(1345.41);
      expect(await importWithCore(core, user, vue, 'America/New_York')).toEqual({ created: 0, closed: 0, skipped: 5 });
    });

    it('imports TraderSync’s trades with its net return, setups, mistakes and stops; re-import adds nothing', async () => {
      const core = h.core();
      const user = await newUser(core);
      const { summary, trades } = await importText(core, user, sync, 'America/New_York');
      expect(summary).toMatchObject({ created: 4 });
      const by = Object.fromEntries(trades.map((t) => [t.instrument, t]));
      // AAPL: Return $ 175.00 − ($1.00 Commision + $0.50 Fees) = Net Return 173.50; R = 173.50 ÷ ((185.50 − 185.00) × 100) = 3.47.
      expect(by.AAPL).toMatchObject({ result: 173.5, fees: 1.5, setupType: 'Breakout', tags: ['ORB'], rMultiple: 3.47 });
      // TSLA short 50: −120.00 − (1.00 + 0.25) = −121.25.
      expect(by.TSLA).toMatchObject({ direction: 'short', result: -121.25, notes: 'Faded the gap; "stopped" out' });
      // SPY 570 options × 2: (4.35 − 3.10) × 2 × 100 = 250.00 − (1.30 + 0.04) = 248.66.
      expect(by.SPY).toMatchObject({ assetClass: 'option', multiplier: 100, strike: 570, result: 248.66, account: 'Options' });
      expect(by.NVDA).toMatchObject({ status: 'open', result: null, fees: 1 });
      // 173.50 − 121.25 + 248.66 = 300.91.
      const total = trades.reduce((s, t) => s + Math.round((t.result ?? 0) * 100), 0) / 100;
      expect(total).toBe(300.91);
      expect(await importWithCore(core, user, sync, 'America/New_York')).toEqual({ created: 0, closed: 0, skipped: 4 });
    });

    it('fails a TraderSync file with a bad date, naming line, column and value, and writes nothing', async () => {
      const { message, trades } = await importFailure(
        h.core(),
        sync.replace('"Mar 17, 2026","Mar 17, 2026"', '17/03/2026,17/03/2026'),
      );
      expect(message).toContain('line 3, column Open Date: "17/03/2026"');
      expect(trades).toBe(0);
    });
  });
}
