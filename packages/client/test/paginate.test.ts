import { describe, expect, it } from 'vitest';
import { paginate, type TjClient } from '../src/index.js';
import { countingFetch, useServer } from './support/server.js';

async function createTrades(client: TjClient, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < count; start += 25) {
    const batch = Array.from({ length: Math.min(25, count - start) }, (_, i) => {
      const n = start + i;
      // Some trades share an entry time, so the order relies on the id tie-break too.
      const entryTime = new Date(Date.UTC(2026, 0, 1) + Math.floor(n / 3) * 3_600_000).toISOString();
      return client.trades.create({
        instrument: n % 2 ? 'ES' : 'NQ',
        direction: 'long',
        entryPrice: 100,
        positionSize: 1,
        entryTime,
      });
    });
    ids.push(...(await Promise.all(batch)).map((t) => t.id));
  }
  return ids;
}

describe('paginate() against the real server', () => {
  const server = useServer();

  it('yields every trade of a 250-trade account exactly once, 100 a page', async () => {
    const counter = countingFetch();
    const { client } = await server().loggedIn({ fetch: counter.fetch });
    const created = await createTrades(client, 250);
    const seen: string[] = [];
    for await (const trade of client.trades.paginate()) seen.push(trade.id);
    expect(seen).toHaveLength(250);
    expect(new Set(seen).size).toBe(250);
    expect([...seen].sort()).toEqual([...created].sort());
    expect(counter.count('GET', '/api/trades')).toBe(3);
  });

  it('passes the filters and the page size on, and stops fetching when the loop breaks', async () => {
    const counter = countingFetch();
    const { client } = await server().loggedIn({ fetch: counter.fetch });
    await createTrades(client, 30);
    const es: string[] = [];
    for await (const trade of client.trades.paginate({ instrument: 'es', limit: 4 })) es.push(trade.instrument);
    expect(es).toEqual(Array.from({ length: 15 }, () => 'ES'));
    expect(counter.count('GET', '/api/trades')).toBe(4);
    let taken = 0;
    for await (const _ of client.trades.paginate({ limit: 5 })) if (++taken === 3) break;
    expect(counter.count('GET', '/api/trades')).toBe(5);
  });

  it('yields nothing for an empty account after one request', async () => {
    const counter = countingFetch();
    const { client } = await server().loggedIn({ fetch: counter.fetch });
    const items: unknown[] = [];
    for await (const entry of client.journal.paginate()) items.push(entry);
    expect(items).toEqual([]);
    expect(counter.count('GET', '/api/journal')).toBe(1);
  });

  it('walks journal entries with filters, and any list through the generic paginate()', async () => {
    const { client } = await server().loggedIn();
    const dates = Array.from({ length: 12 }, (_, i) => `2026-10-${String(i + 1).padStart(2, '0')}`);
    for (const date of dates) await client.journal.create({ date });
    await client.journal.create({ date: '2026-10-01', type: 'weekly' });
    const daily: string[] = [];
    for await (const entry of client.journal.paginate({ type: 'daily', limit: 5 })) daily.push(entry.date);
    expect(daily).toEqual([...dates].reverse());
    const generic: string[] = [];
    const pages = paginate(async (page) => {
      const { entries, pagination } = await client.journal.list({ page, limit: 7 });
      return { items: entries, pagination };
    });
    for await (const entry of pages) generic.push(entry.id);
    expect(new Set(generic).size).toBe(13);
  });
});
