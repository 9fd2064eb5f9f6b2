import { coreDeps, newTradeRow, type ExecutionRow, type TradeRow } from '@tj/core/internal';
import { describe, expect, it } from 'vitest';
import { DATABASES } from '../../../../test/support/databases.js';
import { caught, newUser, useCore } from '../support/core.js';

/** Text a bulk path must carry unchanged: quotes, backslashes, array and COPY delimiters, "NULL". */
const AWKWARD = ['say "hi"', 'back\\slash', '{a,b}', 'tab\there', 'line\nbreak', 'NULL', '', 'ünïcödé ✓', "it's"];

/** `n` trades of `userId`, most closed, cycling through the awkward texts and optional fields. */
function rows(h: ReturnType<typeof useCore>, userId: string, n: number): TradeRow[] {
  const deps = coreDeps(h.core());
  return Array.from({ length: n }, (_, i) => {
    const text = AWKWARD[i % AWKWARD.length] as string;
    const closed = i % 7 !== 0;
    const long = i % 3 !== 0;
    const row = newTradeRow(
      deps,
      userId,
      {
        instrument: i % 2 ? 'ES' : 'AAPL',
        direction: long ? 'long' : 'short',
        entryPrice: 100 + i / 8,
        positionSize: 1 + (i % 5),
        entryTime: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
        stopLoss: i % 4 ? 100 + i / 8 + (long ? -1 : 1) : undefined,
        setupType: i % 2 ? text : undefined,
        notes: text,
        tags: i % 3 ? [text, 'x'] : [],
        fees: i % 2 ? 0.1 + 0.2 : 0,
        multiplier: i % 2 ? 50 : 1,
        ...(closed && { exitPrice: 101 + i / 16, exitTime: new Date(Date.UTC(2026, 0, 1) + i * 60_000 + 30_000).toISOString() }),
      } as never,
      { importKey: `key:${i}:${text}` },
    );
    if (i % 5 !== 1) return row;
    const partialExits = [
      { time: row.entryTime + 1_000, pnlMicros: 1_234_567 * i },
      { time: row.entryTime + 2_000, pnlMicros: -7 },
    ];
    return { ...row, partialExits, realizedMicros: 1_234_567 * i - 7, strategy: i % 2 ? 'iron condor' : 'covered call' };
  });
}

for (const db of DATABASES) {
  describe.skipIf(!db.available)(`bulk inserts on ${db.name}`, () => {
    const h = useCore(db);

    it('stores every row of a large insertMany exactly as given, and counts it', async () => {
      const userId = await newUser(h.core());
      // More rows than one bulk statement takes, so the chunks meet.
      const trades = rows(h, userId, 5_003);
      await h.storage().transaction((tx) => tx.trades.insertMany(trades));
      const stored = await h.storage().repos.trades.byImportKeys(
        userId,
        trades.map((t) => t.importKey as string),
      );
      const byId = new Map(stored.map((t) => [t.id, t]));
      expect(byId.size).toBe(trades.length);
      for (const t of trades) expect(byId.get(t.id)).toEqual(t);
      const open = trades.filter((t) => t.exitPrice === null).length;
      expect(await h.storage().repos.trades.counts(userId, {})).toEqual({ total: trades.length, open });
    });

    it('stores executions exactly as given', async () => {
      const userId = await newUser(h.core());
      const [trade] = rows(h, userId, 1) as [TradeRow];
      const executions: ExecutionRow[] = AWKWARD.map((text, seq) => ({
        userId,
        tradeId: trade.id,
        seq,
        execKey: `k${seq}:${text}`,
        account: text,
        instrument: 'AAPL',
        time: Date.UTC(2026, 0, 1) + seq,
        side: seq % 2 ? 'sell' : 'buy',
        quantity: 0.5 + seq,
        price: 100.25 + seq / 3,
        commissionMicros: 350_000 * seq,
        feesMicros: 1_000 * seq,
        execId: seq % 2 ? null : `id-${text}`,
        multiplier: seq % 2 ? 50 : 1,
        assetClass: seq % 2 ? 'option' : null,
        underlying: seq % 2 ? text : null,
        expiry: seq % 2 ? '2026-12-18' : null,
        strike: seq % 2 ? 95.5 + seq : null,
        right: seq % 2 ? 'put' : null,
        orderRef: seq % 3 ? `order-${text}` : null,
        action: seq % 4 === 3 ? 'assignment' : 'trade',
      }));
      await h.storage().transaction(async (tx) => {
        await tx.trades.insertMany([trade]);
        await tx.executions.insertMany(executions);
      });
      expect(await h.storage().repos.executions.forTrade(userId, trade.id)).toEqual(executions);
    });

    it('refuses a batch holding a duplicate id as a conflict, writing none of it', async () => {
      const userId = await newUser(h.core());
      const trades = rows(h, userId, 20);
      const duplicate = { ...(trades[3] as TradeRow), importKey: 'another key' };
      const e = await caught(() => h.storage().transaction((tx) => tx.trades.insertMany([...trades, duplicate])));
      expect(e.code).toBe('conflict');
      expect(await h.storage().repos.trades.counts(userId, {})).toEqual({ total: 0, open: 0 });
    });
  });
}
