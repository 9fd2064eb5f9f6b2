/** Bytes of a webhook body as receivers get it: the exact text or raw bytes (a Node Buffer is a Uint8Array). */
export type WebhookBody = string | Uint8Array | ArrayBuffer;

const encoder = new TextEncoder();

/** The body's bytes, copied into a fresh ArrayBuffer-backed array as WebCrypto wants. */
export function bytesOf(body: WebhookBody): Uint8Array<ArrayBuffer> {
  if (typeof body === 'string') return encoder.encode(body);
  const view = body instanceof ArrayBuffer ? new Uint8Array(body) : body;
  const copy = new Uint8Array(view.byteLength);
  copy.set(view);
  return copy;
}

/** Joins byte arrays. */
export function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.byteLength;
  }
  return out;
}

/** An HMAC-SHA256 key for WebCrypto's verify. */
export function hmacKey(secret: Uint8Array<ArrayBuffer>): Promise<CryptoKey> {
  return subtle().importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
}

/** Checks `signature` against HMAC-SHA256(key, data) in constant time (WebCrypto's verify). */
export function hmacVerify(key: CryptoKey, signature: Uint8Array<ArrayBuffer>, data: Uint8Array<ArrayBuffer>): Promise<boolean> {
  return subtle().verify('HMAC', key, signature, data);
}

/** Decodes 64 hex digits (a SHA-256 MAC); undefined for anything else. */
export function fromHex(hex: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) return undefined;
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** Decodes standard base64; undefined when it is not base64. */
export function fromBase64(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text)) return undefined;
  try {
    const binary = atob(text);
    const out = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
    return out;
  } catch {
    return undefined;
  }
}

function subtle(): SubtleCrypto {
  const s = globalThis.crypto?.subtle;
  if (!s) throw new Error('WebCrypto (globalThis.crypto.subtle) is not available: use Node 20+ or a secure browser context');
  return s;
}
