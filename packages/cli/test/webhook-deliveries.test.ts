import { createDeliveryWorker, type DeliveryWorker } from '@tj/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Receiver, startReceiver } from '../../../test/webhooks/support/receiver.js';
import { signUp, startTestServer, type TestServer, type TestUser } from '../../http/test/support/server.js';
import { ok, run, runJson, type Sandbox, sandbox, sandboxWithUser } from './support/cli.js';

/** A receiver that fails the first two deliveries with 500 and accepts the rest. */
const failTwice = () =>
  startReceiver((_r, i) => (i < 2 ? { status: 500, body: `failure ${i + 1}` } : { status: 200, body: 'accepted' }));

const TRADE = ['trades', 'add', '--instrument', 'ES', '--direction', 'long', '--entry-price', '5000', '--size', '1'];

type Attempt = { number: number; responseStatus: number | null; error: string | null; responseBody: string | null };

/** The attempts of the one trade.created delivery, as `tj --json webhooks deliveries` shows them. */
function attemptsOf(list: { deliveries: Array<{ event: string; attempts: number; attemptLog: Attempt[] }> }) {
  const delivery = list.deliveries.find((d) => d.event === 'trade.created');
  return {
    attempts: delivery?.attempts,
    log: delivery?.attemptLog.map((a) => [a.number, a.responseStatus, a.error, a.responseBody]),
  };
}

const THREE_ATTEMPTS = {
  attempts: 3,
  log: [
    [1, 500, 'answered 500', 'failure 1'],
    [2, 500, 'answered 500', 'failure 2'],
    [3, 200, null, 'accepted'],
  ],
};

/** Checks the table: one row per attempt, the delivery's columns on its first row only. */
function expectAttemptRows(table: string, deliveryId: string) {
  const lines = table.split('\n');
  const first = lines.findIndex((l) => l.includes(deliveryId.slice(-10)));
  expect(lines[first]).toMatch(/trade\.created +│ succeeded +│ 1 +│ 500 +│ \d+ +│ [\d-]+ [\d:]+ +│ answered 500 +│ failure 1 /);
  expect(lines[first + 1]).toMatch(/^│ +│ +│ +│ 2 +│ 500 +│ \d+ +│ [\d-]+ [\d:]+ +│ answered 500 +│ failure 2 /);
  expect(lines[first + 2]).toMatch(/^│ +│ +│ +│ 3 +│ 200 +│ \d+ +│ [\d-]+ [\d:]+ +│ - +│ accepted +│ - +│$/);
}

describe('tj webhooks deliveries shows every attempt (local mode)', { timeout: 120_000 }, () => {
  let box: Sandbox;
  let db: string[];
  let receiver: Receiver;
  beforeAll(async () => {
    ({ box, db } = await sandboxWithUser());
    receiver = await failTwice();
  });
  afterAll(async () => {
    await receiver?.close();
    await box?.cleanup();
  });

  it('lists a delivery that failed twice with 500 and then succeeded with its three attempts, as a table and as JSON', async () => {
    const hook = await runJson(box, [
      ...db,
      'webhooks',
      'add',
      '--url',
      `${receiver.url}/in`,
      '--events',
      'trade.created',
      '--allow-private-webhooks',
    ]);
    expect(hook.secret).toMatch(/^whsec_/);
    await ok(box, [...db, ...TRADE]);
    // Retries at once, so one run sends all three attempts.
    const worker = ['worker', '--once', '--allow-private-webhooks', '--webhook-retry-schedule', '0,0,0'];
    expect(await runJson(box, [...db, ...worker])).toEqual({ sent: 3, purged: 0 });
    const list = await runJson(box, [...db, 'webhooks', 'deliveries', hook.id]);
    expect(attemptsOf(list)).toEqual(THREE_ATTEMPTS);
    expectAttemptRows(await ok(box, [...db, 'webhooks', 'deliveries', hook.id]), list.deliveries[0].id);
  });

  it('refuses a bad --webhook-retention-days with one line and exit 2', async () => {
    const r = await run(box, [...db, 'worker', '--once', '--webhook-retention-days', 'soon']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('tj: the webhook retention must be a number of days ≥ 0 (0 keeps everything), not "soon"\n');
  });
});

describe('tj webhooks deliveries shows every attempt (remote mode)', { timeout: 120_000 }, () => {
  let box: Sandbox;
  let srv: TestServer;
  let ann: TestUser;
  let worker: DeliveryWorker;
  let receiver: Receiver;
  beforeAll(async () => {
    box = await sandbox();
    srv = await startTestServer(undefined, { webhookRetrySchedule: [0, 0.05, 0.05] });
    worker = createDeliveryWorker(srv.app.core, { pollMs: 20 });
    worker.start();
    ann = await signUp(srv.url, 'ann');
    receiver = await failTwice();
    await ok(box, ['login', '--server', srv.url, '--email', ann.email, '--password', ann.password]);
  });
  afterAll(async () => {
    await worker?.stop();
    await srv?.close();
    await receiver?.close();
    await box?.cleanup();
  });

  it('lists the three attempts through the API, as a table and as JSON', async () => {
    const hook = await runJson(box, ['webhooks', 'add', '--url', `${receiver.url}/in`, '--events', 'trade.created']);
    await ok(box, TRADE);
    await receiver.waitFor(3);
    let list = await runJson(box, ['webhooks', 'deliveries', hook.id]);
    for (let waited = 0; list.deliveries[0]?.status !== 'succeeded'; waited += 50) {
      if (waited > 10_000) throw new Error('the delivery never succeeded');
      await new Promise((r) => setTimeout(r, 50));
      list = await runJson(box, ['webhooks', 'deliveries', hook.id]);
    }
    expect(attemptsOf(list)).toEqual(THREE_ATTEMPTS);
    expectAttemptRows(await ok(box, ['webhooks', 'deliveries', hook.id]), list.deliveries[0].id);
  });
});
