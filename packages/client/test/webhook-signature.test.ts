import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { constructEvent, verifyWebhookSignature, WebhookVerificationError } from '../src/index.js';

const VECTOR_SECRET = "It's a Secret to Everybody";
const VECTOR_BODY = 'Hello, World!';
const VECTOR_SIGNATURE = '757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17';

const secret = 'whsec-test-secret-0123456789';
const now = Date.parse('2026-11-20T14:30:00.000Z');

function delivery(timestamp = new Date(now).toISOString()) {
  const body = JSON.stringify({
    id: '0193a1b2-0000-7000-8000-000000000001',
    event: 'trade.closed',
    timestamp,
    data: { tradeId: 't1', result: 12.5 },
  });
  const signature = createHmac('sha256', secret).update(body).digest('hex');
  return {
    body,
    signature,
    headers: { 'x-webhook-signature': signature, 'x-webhook-timestamp': String(Math.floor(now / 1000)) },
  };
}

function standardHeaders(body: string, id: string, seconds: number): Record<string, string> {
  const signature = createHmac('sha256', secret).update(`${id}.${seconds}.${body}`).digest('base64');
  return { 'webhook-id': id, 'webhook-timestamp': String(seconds), 'webhook-signature': `v1,bogus v1,${signature}` };
}

async function reason(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'accepted';
  } catch (e) {
    expect(e).toBeInstanceOf(WebhookVerificationError);
    return (e as WebhookVerificationError).reason;
  }
}

describe('verifyWebhookSignature', () => {
  it('accepts the known vector of the service', async () => {
    expect(await verifyWebhookSignature(VECTOR_BODY, VECTOR_SIGNATURE, VECTOR_SECRET)).toBe(true);
  });

  it('accepts the body as bytes (a Node Buffer, an ArrayBuffer) as well as text', async () => {
    const buffer = Buffer.from(VECTOR_BODY);
    expect(await verifyWebhookSignature(buffer, VECTOR_SIGNATURE, VECTOR_SECRET)).toBe(true);
    const arrayBuffer = new TextEncoder().encode(VECTOR_BODY).buffer;
    expect(await verifyWebhookSignature(arrayBuffer, VECTOR_SIGNATURE, VECTOR_SECRET)).toBe(true);
  });

  it('refuses a changed body, another secret, a truncated or missing signature', async () => {
    expect(await verifyWebhookSignature('Hello, World?', VECTOR_SIGNATURE, VECTOR_SECRET)).toBe(false);
    expect(await verifyWebhookSignature(VECTOR_BODY, VECTOR_SIGNATURE, 'another secret')).toBe(false);
    expect(await verifyWebhookSignature(VECTOR_BODY, VECTOR_SIGNATURE.slice(0, 62), VECTOR_SECRET)).toBe(false);
    expect(await verifyWebhookSignature(VECTOR_BODY, `${VECTOR_SIGNATURE.slice(0, 63)}0`, VECTOR_SECRET)).toBe(false);
    expect(await verifyWebhookSignature(VECTOR_BODY, null, VECTOR_SECRET)).toBe(false);
    expect(await verifyWebhookSignature(VECTOR_BODY, 'zz'.repeat(32), VECTOR_SECRET)).toBe(false);
  });
});

describe('constructEvent', () => {
  it('returns the payload of a correctly signed, fresh delivery', async () => {
    const { body, headers } = delivery();
    const event = await constructEvent(body, headers, secret, { now, toleranceSeconds: 300 });
    expect(event).toEqual({
      id: '0193a1b2-0000-7000-8000-000000000001',
      event: 'trade.closed',
      timestamp: '2026-11-20T14:30:00.000Z',
      data: { tradeId: 't1', result: 12.5 },
    });
  });

  it('reads headers from a fetch Headers object, case-insensitively', async () => {
    const { body, signature } = delivery();
    const headers = new Headers({ 'X-Webhook-Signature': signature, 'X-Webhook-Timestamp': String(Math.floor(now / 1000)) });
    expect((await constructEvent(body, headers, secret, { now })).event).toBe('trade.closed');
  });

  it('refuses a delivery whose signed timestamp lies outside the tolerance (a replay)', async () => {
    const old = delivery(new Date(now - 301_000).toISOString());
    expect(
      await reason(constructEvent(old.body, { 'x-webhook-signature': old.signature }, secret, { now, toleranceSeconds: 300 })),
    ).toBe('timestamp_out_of_tolerance');
    const fresh = delivery(new Date(now - 299_000).toISOString());
    expect(
      await reason(
        constructEvent(fresh.body, { 'x-webhook-signature': fresh.signature }, secret, { now, toleranceSeconds: 300 }),
      ),
    ).toBe('accepted');
  });

  it('refuses a tampered body, a wrong secret and a missing signature', async () => {
    const { body, headers } = delivery();
    expect(await reason(constructEvent(body.replace('12.5', '125'), headers, secret, { now }))).toBe('invalid_signature');
    expect(await reason(constructEvent(body, headers, 'not-the-secret-at-all', { now }))).toBe('invalid_signature');
    expect(await reason(constructEvent(body, {}, secret, { now }))).toBe('missing_signature');
  });

  it('refuses a signed body that is not a delivery payload', async () => {
    const body = JSON.stringify({ hello: 'world' });
    const signature = createHmac('sha256', secret).update(body).digest('hex');
    expect(await reason(constructEvent(body, { 'x-webhook-signature': signature }, secret, { now }))).toBe('invalid_payload');
  });

  it('accepts the Standard Webhooks headers (v1, base64 HMAC of id.timestamp.body) and checks their timestamp', async () => {
    const { body } = delivery();
    const headers = standardHeaders(body, 'msg_1', Math.floor(now / 1000));
    expect((await constructEvent(body, headers, secret, { now })).event).toBe('trade.closed');
    const stale = standardHeaders(body, 'msg_1', Math.floor(now / 1000) - 600);
    expect(await reason(constructEvent(body, stale, secret, { now }))).toBe('timestamp_out_of_tolerance');
    expect(await reason(constructEvent(body, { ...headers, 'webhook-id': 'msg_2' }, secret, { now }))).toBe('invalid_signature');
  });

  it('accepts the secret in the whsec_<base64> form Standard Webhooks libraries take', async () => {
    const { body } = delivery();
    const headers = standardHeaders(body, 'msg_1', Math.floor(now / 1000));
    const whsec = `whsec_${Buffer.from(secret).toString('base64')}`;
    expect((await constructEvent(body, headers, whsec, { now })).event).toBe('trade.closed');
  });

  it("a late retry passes on the attempt's signed webhook-timestamp although the event itself is old", async () => {
    const event = delivery(new Date(now - 3_600_000).toISOString());
    const headers = { 'x-webhook-signature': event.signature, ...standardHeaders(event.body, 'msg_1', Math.floor(now / 1000)) };
    expect((await constructEvent(event.body, headers, secret, { now })).timestamp).toBe(new Date(now - 3_600_000).toISOString());
    expect(await reason(constructEvent(event.body, { 'x-webhook-signature': event.signature }, secret, { now }))).toBe(
      'timestamp_out_of_tolerance',
    );
  });

  it('refuses a delivery when one of the two signatures it carries is wrong', async () => {
    const { body, signature } = delivery();
    const good = standardHeaders(body, 'msg_1', Math.floor(now / 1000));
    const badOwn = { ...good, 'x-webhook-signature': signature.replace(/^./, signature[0] === 'a' ? 'b' : 'a') };
    expect(await reason(constructEvent(body, badOwn, secret, { now }))).toBe('invalid_signature');
    const badStandard = {
      'x-webhook-signature': signature,
      ...good,
      'webhook-signature': `v1,${Buffer.alloc(32).toString('base64')}`,
    };
    expect(await reason(constructEvent(body, badStandard, secret, { now }))).toBe('invalid_signature');
  });
});

describe('whsec_ secrets, as the service makes them', () => {
  const key = Buffer.from('0123456789abcdef0123456789abcdef', 'utf8');
  const whsec = `whsec_${key.toString('base64')}`;
  const body = JSON.stringify({ id: 'e1', event: 'trade.created', timestamp: new Date(now).toISOString(), data: {} });
  const seconds = Math.floor(now / 1000);
  const signed = (k: Buffer | string) => ({
    'x-webhook-signature': createHmac('sha256', k).update(body).digest('hex'),
    'webhook-id': 'e1',
    'webhook-timestamp': String(seconds),
    'webhook-signature': `v1,${createHmac('sha256', k).update(`e1.${seconds}.${body}`).digest('base64')}`,
  });

  it('verifies both signatures keyed with the decoded bytes of the secret', async () => {
    const headers = signed(key);
    expect(await verifyWebhookSignature(body, headers['x-webhook-signature'], whsec)).toBe(true);
    expect((await constructEvent(body, headers, whsec, { now })).id).toBe('e1');
  });

  it("still verifies a user's whsec_ secret that an older server keyed with its UTF-8 bytes", async () => {
    const headers = signed(whsec);
    expect(await verifyWebhookSignature(body, headers['x-webhook-signature'], whsec)).toBe(true);
    expect((await constructEvent(body, headers, whsec, { now })).id).toBe('e1');
  });

  it('refuses deliveries signed with another whsec_ secret', async () => {
    const other = Buffer.from('fedcba9876543210fedcba9876543210', 'utf8');
    const headers = signed(other);
    expect(await verifyWebhookSignature(body, headers['x-webhook-signature'], whsec)).toBe(false);
    expect(await reason(constructEvent(body, headers, whsec, { now }))).toBe('invalid_signature');
    expect(await verifyWebhookSignature(body, signed(key)['x-webhook-signature'], `whsec_${other.toString('base64')}`)).toBe(
      false,
    );
  });
});
