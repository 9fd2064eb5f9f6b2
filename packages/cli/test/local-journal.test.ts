import { createHmac } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, run, runJson, type Sandbox, sandbox } from './support/cli.js';

interface Received {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

let box: Sandbox;
let db: string[];
let receiver: Server;
let hookUrl = '';
const received: Received[] = [];

beforeAll(async () => {
  box = await sandbox();
  db = ['--db', box.db, '--tz', 'UTC'];
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => {
      body += d.toString();
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  await ok(box, [...db, 'init', '--email', 'ann@example.com', '--name', 'Ann', '--password', 'correct horse']);
});
afterAll(async () => {
  await new Promise((r) => receiver.close(r));
  await box.cleanup();
});

describe('tj journal (local mode)', { timeout: 120_000 }, () => {
  let id = '';

  it('adds an entry from flags without prompting when stdin is not a terminal', async () => {
    const e = await runJson(box, [
      ...db,
      'journal',
      'add',
      '--date',
      '2026-11-20',
      '--plan',
      'Fade the open',
      '--energy',
      '7',
      '--focus',
      '8',
      '--stress',
      '3',
      '--confidence',
      '6',
      '--lessons',
      'Wait for the retest; Size down, then add',
      '--tags',
      'gap,fomc',
    ]);
    expect(e).toMatchObject({
      date: '2026-11-20',
      type: 'daily',
      tradingPlan: 'Fade the open',
      emotionalState: { energy: 7, focus: 8, stress: 3, confidence: 6 },
      lessonsLearned: ['Wait for the retest', 'Size down, then add'],
      tags: ['gap', 'fomc'],
    });
    id = e.id;
    const today = await runJson(box, [...db, 'journal', 'add', '--type', 'weekly', '--review', 'ok']);
    expect(today.date).toBe(new Date().toISOString().slice(0, 10));
    const dup = await run(box, [...db, 'journal', 'add', '--date', '2026-11-20']);
    expect(dup.code).toBe(1);
    expect(dup.stderr).toBe('tj: a daily journal entry for 2026-11-20 already exists\n');
    const badScore = await run(box, [...db, 'journal', 'add', '--date', '2026-11-21', '--energy', '11']);
    expect(badScore.code).toBe(2);
    expect(badScore.stderr).toContain('from 1 to 10');
  });

  it('lists, shows, edits (emotions merge, --clear nulls) and deletes entries', async () => {
    const list = await runJson(box, [...db, 'journal', 'list', '--type', 'daily']);
    expect(list.entries.map((e: { id: string }) => e.id)).toEqual([id]);
    const table = await ok(box, [...db, 'journal', 'list']);
    expect(table).toMatch(/2026-11-20 │ daily +│ E7 F8 S3 C6 │ Fade the open/);
    expect(table).toContain('Page 1 of 1 (2 entries; --page, --limit)');
    expect(await ok(box, [...db, 'journal', 'list', '--type', 'daily'])).toContain('Page 1 of 1 (1 entry; --page, --limit)');
    expect(await ok(box, [...db, 'journal', 'show', id])).toMatch(/• Wait for the retest/);
    const edited = await runJson(box, [...db, 'journal', 'edit', id, '--stress', '2', '--clear', 'plan,confidence']);
    expect(edited).toMatchObject({ tradingPlan: null, emotionalState: { energy: 7, focus: 8, stress: 2, confidence: null } });
    expect(await runJson(box, [...db, 'journal', 'delete', id, '--yes'])).toEqual({ deleted: id });
    expect((await run(box, [...db, 'journal', 'show', id])).stderr).toBe('tj: journal entry not found\n');
  });
});

describe('tj alerts and tj webhooks (local mode)', { timeout: 120_000 }, () => {
  it('adds, lists and removes alerts; the alert day follows --tz', async () => {
    const a = await runJson(box, [
      ...db,
      '--tz',
      'America/New_York',
      'alerts',
      'add',
      '--name',
      'Daily stop',
      '--type',
      'dailyLossLimit',
      '--threshold',
      '500',
    ]);
    expect(a).toMatchObject({ name: 'Daily stop', type: 'dailyLossLimit', threshold: 500, tz: 'America/New_York', active: true });
    const noStop = await runJson(box, [...db, 'alerts', 'add', '--name', 'No stop', '--type', 'missingStopLoss']);
    expect((await runJson(box, [...db, 'alerts', 'list'])).alerts.map((x: { id: string }) => x.id)).toEqual([a.id, noStop.id]);
    const table = await ok(box, [...db, 'alerts', 'list']);
    expect(table).toMatch(/Daily stop +│ dailyLossLimit +│ +500 │ - +│ America\/New_York/);
    expect(table).toMatch(/No stop +│ missingStopLoss +│ +- │ - +│ UTC/);
    expect(await runJson(box, [...db, 'alerts', 'remove', a.id])).toEqual({ deleted: a.id });
    expect((await runJson(box, [...db, 'alerts', 'list'])).alerts).toHaveLength(1);
  });

  it('refuses a loopback webhook target unless private targets are allowed', async () => {
    const r = await run(box, [...db, 'webhooks', 'add', '--url', hookUrl]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^tj: --url: the address 127\.0\.0\.1 is private.*\n$/);
  });

  it('registers a webhook, tests it, and the worker delivers the outbox, signed', async () => {
    const add = await run(box, [
      ...db,
      'webhooks',
      'add',
      '--url',
      hookUrl,
      '--events',
      'trade.created,alert.triggered',
      '--secret',
      'a-test-secret-of-24-chars',
      '--allow-private-webhooks',
    ]);
    expect(add.code).toBe(0);
    expect(add.stdout).toContain('Signing secret (shown only now; keep it for your receiver): a-test-secret-of-24-chars');
    const listed = await runJson(box, [...db, 'webhooks', 'list']);
    const hookId = listed.webhooks[0]?.id as string;
    // "Created" names it by its short id, which every command takes like the full one.
    expect(/Created webhook (\S+)/.exec(add.stdout)?.[1]).toBe(hookId.slice(-10));
    expect(listed.webhooks).toEqual([
      expect.objectContaining({ id: hookId, url: hookUrl, events: ['trade.created', 'alert.triggered'], active: true }),
    ]);
    expect(listed.webhooks[0]).not.toHaveProperty('secret');

    const test = await runJson(box, [...db, 'webhooks', 'test', hookId, '--allow-private-webhooks']);
    expect(test).toMatchObject({ delivered: true, statusCode: 204, error: null });
    expect(JSON.parse(received.at(-1)?.body ?? '{}')).toMatchObject({ event: 'webhook.test', data: { webhookId: hookId } });

    await ok(box, [...db, 'trades', 'add', '--instrument', 'ES', '--direction', 'long', '--entry-price', '5000', '--size', '1']);
    const before = received.length;
    expect(await runJson(box, [...db, 'worker', '--once', '--allow-private-webhooks'])).toEqual({ sent: 2, purged: 0 });
    const events = received
      .slice(before)
      .map((r) => JSON.parse(r.body).event)
      .sort();
    expect(events).toEqual(['alert.triggered', 'trade.created']);
    for (const r of received.slice(before)) {
      expect(r.headers['x-webhook-signature']).toBe(
        createHmac('sha256', 'a-test-secret-of-24-chars').update(r.body).digest('hex'),
      );
    }
    const deliveries = await runJson(box, [...db, 'webhooks', 'deliveries', hookId, '--status', 'succeeded']);
    expect(deliveries.deliveries.map((d: { event: string }) => d.event).sort()).toEqual([
      'alert.triggered',
      'trade.created',
      'webhook.test',
    ]);
    expect(await ok(box, [...db, 'webhooks', 'deliveries', hookId])).toMatch(/trade\.created +│ succeeded │ 1 +│ 204/);
    expect(await runJson(box, [...db, 'webhooks', 'remove', hookId])).toEqual({ deleted: hookId });
    expect((await runJson(box, [...db, 'webhooks', 'list'])).webhooks).toEqual([]);
  });
});

describe('tj export (local mode)', { timeout: 120_000 }, () => {
  it('writes trades and journal entries as CSV or JSON, to stdout or a file', async () => {
    const csv = await ok(box, [...db, 'export', 'trades', '--format', 'csv']);
    const lines = csv.trimEnd().split('\n');
    expect(lines[0]).toBe(
      'id,instrument,direction,entryPrice,positionSize,entryTime,stopLoss,takeProfit,setupType,notes,tags,fees,multiplier,exitPrice,exitTime,result,account,assetClass,currency,underlying,expiry,strike,right,rMultiple,status,createdAt,updatedAt',
    );
    expect(lines).toHaveLength(2);
    const json = JSON.parse(await ok(box, [...db, 'export', 'trades', '--format', 'json']));
    expect(json).toHaveLength(1);
    expect(json[0]).toMatchObject({ instrument: 'ES', status: 'open' });

    const file = join(box.dir, 'journal.json');
    expect(await runJson(box, [...db, 'export', 'journal', '--format', 'json', '--out', file])).toEqual({
      exported: 1,
      what: 'journal',
      format: 'json',
      file,
    });
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual([
      expect.objectContaining({ type: 'weekly', postmarketReview: 'ok' }),
    ]);
    const jcsv = await ok(box, [...db, 'export', 'journal']);
    expect(jcsv.split('\n')[0]).toBe(
      'id,date,type,premarketAnalysis,tradingPlan,postmarketReview,energy,focus,stress,confidence,lessonsLearned,tags,createdAt,updatedAt',
    );
    const bad = await run(box, [...db, 'export', 'fills']);
    expect(bad.code).toBe(2);
  });
});
