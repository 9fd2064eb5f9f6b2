import { createHmac, randomBytes } from 'node:crypto';
import { webhookSecretProblem } from '@tj/core';
import {
  newWebhookSecret,
  responseBodyHead,
  signWebhookPayload,
  standardWebhookSignature,
  verifyWebhookSignature,
  webhookSigningKey,
} from '@tj/core/internal';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';

const GITHUB_SECRET = "It's a Secret to Everybody";
const GITHUB_BODY = 'Hello, World!';
const GITHUB_SIGNATURE = '757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17';

describe('webhook signatures', () => {
  it("signs GitHub's published vector to its lower-case hex HMAC-SHA256", () => {
    expect(signWebhookPayload(GITHUB_SECRET, GITHUB_BODY)).toBe(GITHUB_SIGNATURE);
    expect(signWebhookPayload(GITHUB_SECRET, new TextEncoder().encode(GITHUB_BODY))).toBe(GITHUB_SIGNATURE);
  });

  it('verifies the vector, with or without the sha256= prefix', () => {
    expect(verifyWebhookSignature(GITHUB_BODY, GITHUB_SIGNATURE, GITHUB_SECRET)).toBe(true);
    expect(verifyWebhookSignature(GITHUB_BODY, `sha256=${GITHUB_SIGNATURE}`, GITHUB_SECRET)).toBe(true);
    expect(verifyWebhookSignature(GITHUB_BODY, GITHUB_SIGNATURE.toUpperCase(), GITHUB_SECRET)).toBe(true);
  });

  it('refuses another body, another secret, a truncated or missing signature', () => {
    expect(verifyWebhookSignature('Hello, World?', GITHUB_SIGNATURE, GITHUB_SECRET)).toBe(false);
    expect(verifyWebhookSignature(GITHUB_BODY, GITHUB_SIGNATURE, 'another secret')).toBe(false);
    expect(verifyWebhookSignature(GITHUB_BODY, GITHUB_SIGNATURE.slice(0, 62), GITHUB_SECRET)).toBe(false);
    expect(verifyWebhookSignature(GITHUB_BODY, `${GITHUB_SIGNATURE}00`, GITHUB_SECRET)).toBe(false);
    expect(verifyWebhookSignature(GITHUB_BODY, 'z'.repeat(64), GITHUB_SECRET)).toBe(false);
    expect(verifyWebhookSignature(GITHUB_BODY, undefined, GITHUB_SECRET)).toBe(false);
    expect(verifyWebhookSignature(GITHUB_BODY, '', GITHUB_SECRET)).toBe(false);
  });

  it('makes a Standard Webhooks signature that the reference library verifies with the secret as whsec_ + base64', () => {
    const secret = 'a'.repeat(64);
    const id = '0190f3d4-6c2a-7c3b-8d4e-5f6a7b8c9d0e';
    const timestamp = Math.floor(Date.now() / 1000);
    const body = JSON.stringify({ id, event: 'trade.created', timestamp: new Date().toISOString(), data: { x: 1 } });
    const signature = standardWebhookSignature(secret, id, timestamp, body);
    expect(signature).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    const receiver = new Webhook(`whsec_${Buffer.from(secret).toString('base64')}`);
    const headers = { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signature };
    expect(receiver.verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => receiver.verify(`${body} `, headers)).toThrow();
  });

  it('signs with the decoded bytes of a whsec_ secret, so the reference library takes the secret as it is', () => {
    const key = randomBytes(32);
    const secret = newWebhookSecret(key);
    expect(secret).toBe(`whsec_${key.toString('base64')}`);
    expect(webhookSigningKey(secret)).toEqual(key);
    const body = '{"id":"e1"}';
    expect(signWebhookPayload(secret, body)).toBe(createHmac('sha256', key).update(body).digest('hex'));
    expect(verifyWebhookSignature(body, signWebhookPayload(secret, body), secret)).toBe(true);
    const id = '0190f3d4-6c2a-7c3b-8d4e-5f6a7b8c9d0e';
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': '' };
    headers['webhook-signature'] = standardWebhookSignature(secret, id, timestamp, body);
    expect(new Webhook(secret).verify(body, headers)).toEqual({ id: 'e1' });
    expect(() => new Webhook(newWebhookSecret(randomBytes(32))).verify(body, headers)).toThrow();
  });

  it('keeps signing a hex or plain secret with its UTF-8 bytes, as before whsec_ secrets', () => {
    const hex = randomBytes(32).toString('hex');
    expect(webhookSigningKey(hex)).toEqual(Buffer.from(hex, 'utf8'));
    expect(signWebhookPayload(hex, 'x')).toBe(createHmac('sha256', hex).update('x').digest('hex'));
    // A secret that only looks like whsec_ but is not base64 is used as it is, too.
    expect(webhookSigningKey('whsec_not base64!')).toEqual(Buffer.from('whsec_not base64!'));
  });

  it('signs each body with its own secret when many secrets alternate (keys are remembered per secret)', () => {
    const secrets = Array.from({ length: 1200 }, (_, i) =>
      i % 2 === 0 ? `whsec_${randomBytes(24 + (i % 9)).toString('base64')}` : `plain-${i}`,
    );
    for (const round of [0, 1]) {
      for (const [i, secret] of secrets.entries()) {
        const body = `{"n":${i},"round":${round}}`;
        const expected = createHmac('sha256', webhookSigningKey(secret)).update(body).digest('hex');
        expect(signWebhookPayload(secret, body)).toBe(expected);
        expect(verifyWebhookSignature(body, expected, secrets[(i + 1) % secrets.length] as string)).toBe(false);
      }
    }
  });

  it('accepts a user whsec_ secret only as base64 of 24 to 64 bytes', () => {
    expect(webhookSecretProblem(newWebhookSecret(randomBytes(24)))).toBeNull();
    expect(webhookSecretProblem(newWebhookSecret(randomBytes(64)))).toBeNull();
    expect(webhookSecretProblem('a plain secret of any kind')).toBeNull();
    for (const bad of [
      newWebhookSecret(randomBytes(23)),
      newWebhookSecret(randomBytes(65)),
      'whsec_!!!!notbase64!!!!!!!!',
      'whsec_',
    ])
      expect(webhookSecretProblem(bad)).toMatch(/whsec_ secret must be/);
  });
});

describe('the logged start of an answer body', () => {
  it('keeps the first 1,024 bytes, cut at a character boundary, without NUL characters', () => {
    expect(responseBodyHead(null)).toBeNull();
    expect(responseBodyHead(new Uint8Array())).toBe('');
    expect(responseBodyHead('ok\u0000!')).toBe('ok!');
    const text = `a${'é'.repeat(600)}`;
    const head = responseBodyHead(Buffer.from(text)) as string;
    expect(head).toBe(`a${'é'.repeat(511)}`);
    expect(Buffer.byteLength(head)).toBe(1023);
    expect(responseBodyHead(Buffer.from([0x7b, 0xff, 0x7d]))).toBe('{\ufffd}');
  });
});
