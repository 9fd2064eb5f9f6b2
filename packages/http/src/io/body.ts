import type { IncomingMessage } from 'node:http';
import { CoreError } from '@tj/core';
import { HttpError } from '../errors/problem.js';

/** The largest request body accepted: 1 MiB. */
export const MAX_BODY_BYTES = 1024 * 1024;

function isJsonMediaType(contentType: string): boolean {
  const semi = contentType.indexOf(';');
  const type = (semi === -1 ? contentType : contentType.slice(0, semi)).trim().toLowerCase();
  return type === 'application/json';
}

function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  if (length !== undefined) return Number(length) > 0;
  return req.headers['transfer-encoding'] !== undefined;
}

const tooLarge = () =>
  new HttpError('payload_too_large', `the request body exceeds ${MAX_BODY_BYTES} bytes`, { connection: 'close' });

function readRaw(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > limit) {
        failed = true;
        chunks.length = 0;
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!failed) resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size));
    });
    req.on('error', (e) => {
      if (!failed) reject(e);
    });
  });
}

/**
 * Reads a JSON request body: `application/json` only (415), at most 1 MiB counted while
 * streaming (413, the rest is discarded), malformed JSON is 400 `invalid_json`. A request with no
 * body yields `undefined`, for core to validate (or for routes that take none).
 */
export async function readJsonBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<unknown> {
  if (!hasBody(req)) {
    req.resume();
    return undefined;
  }
  const contentType = req.headers['content-type'];
  if (!contentType || !isJsonMediaType(contentType)) {
    req.resume();
    throw new HttpError('unsupported_media_type', 'the request body must be application/json');
  }
  if (Number(req.headers['content-length'] ?? 0) > limit) {
    req.resume();
    throw tooLarge();
  }
  const raw = await readRaw(req, limit);
  if (raw.length === 0) return undefined;
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    throw new CoreError('invalid_json', 'the request body is not valid JSON');
  }
}
