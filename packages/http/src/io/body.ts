import type { IncomingMessage } from 'node:http';
import { CoreError, DEFAULTS, limitError } from '@tj/core';
import { HttpError } from '../errors/problem.js';

/** The largest request body accepted: 1 MiB. */
export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * How much of a refused (too large) body is still read and thrown away, so that the client, which
 * is usually still sending, receives its 413 instead of a connection reset. A body beyond this
 * costs the connection.
 */
export const DISCARD_LIMIT_BYTES = 32 * 1024 * 1024;

const utf8 = new TextDecoder('utf-8', { fatal: true });

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

const tooLarge = () => new HttpError('payload_too_large', `the request body exceeds ${MAX_BODY_BYTES} bytes`);

/**
 * Reads and drops the rest of a request body while the answer goes out, keeping the connection
 * (and so the answer) alive; past `limit` more bytes it gives up and closes the connection. It
 * reads with `read()` on `readable`, which works whether or not a reader that stopped early (an
 * import that failed) left its async iterator on the stream, where `resume()` would not flow.
 */
export function discardBody(req: IncomingMessage, limit = DISCARD_LIMIT_BYTES): void {
  let dropped = 0;
  const drop = () => {
    for (let chunk = req.read() as Buffer | null; chunk !== null; chunk = req.read() as Buffer | null) {
      dropped += chunk.length;
      if (dropped > limit) {
        req.off('readable', drop);
        req.socket.destroy();
        return;
      }
    }
  };
  req.on('readable', drop);
  drop();
}

function readRaw(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      req.off('data', onData);
      chunks.length = 0;
      discardBody(req);
      reject(tooLarge());
    };
    req.on('data', onData);
    req.on('end', () => {
      if (size <= limit) resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size));
    });
    req.on('error', (e) => {
      if (size <= limit) reject(e);
    });
  });
}

/**
 * The deepest nesting of arrays and objects in a JSON text (brackets inside strings not counted),
 * stopping as soon as it passes `max`: JSON.parse takes any depth, but whatever walks the value
 * afterwards (validation, fingerprints, JSON.stringify) recurses.
 */
function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > max) return true;
    } else if (c === 93 || c === 125) depth--;
  }
  return false;
}

/**
 * Reads a JSON request body: `application/json` only (415), at most 1 MiB counted while
 * streaming (413; the rest is read and dropped so the client sees the answer), UTF-8 only and
 * well-formed JSON (else 400 `invalid_json`), nested at most `maxDepth` deep (413 naming the
 * `maxDepth` bound). A request with no body yields `undefined`, for core to validate (or for
 * routes that take none).
 */
export async function readJsonBody(
  req: IncomingMessage,
  limit = MAX_BODY_BYTES,
  maxDepth: number = DEFAULTS.inputLimits.maxDepth,
): Promise<unknown> {
  if (!hasBody(req)) {
    req.resume();
    return undefined;
  }
  const contentType = req.headers['content-type'];
  if (!contentType || !isJsonMediaType(contentType)) {
    discardBody(req);
    throw new HttpError('unsupported_media_type', 'the request body must be application/json');
  }
  if (Number(req.headers['content-length'] ?? 0) > limit) {
    discardBody(req);
    throw tooLarge();
  }
  const raw = await readRaw(req, limit);
  if (raw.length === 0) return undefined;
  let text: string;
  try {
    text = utf8.decode(raw);
  } catch {
    throw new CoreError('invalid_json', 'the request body is not valid UTF-8');
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new CoreError('invalid_json', 'the request body is not valid JSON');
  }
  if (nestsDeeperThan(text, maxDepth)) {
    throw limitError('maxDepth', maxDepth, `the JSON body nests arrays and objects deeper than ${maxDepth}`);
  }
  return value;
}
