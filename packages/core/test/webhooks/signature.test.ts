import { signWebhookPayload, standardWebhookSignature, verifyWebhookSignature } from '@tj/core';
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
});
