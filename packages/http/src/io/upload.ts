import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { validationError } from '@tj/core/internal';
import busboy from 'busboy';
import { HttpError } from '../errors/problem.js';
import { discardBody } from './body.js';
import { DEFAULTS } from '@tj/core';

/** The largest upload accepted by default: 50 MB. */
export const MAX_UPLOAD_BYTES = DEFAULTS.maxUploadBytes;

/** Media types an upload may have besides `multipart/form-data`. */
export const UPLOAD_MEDIA_TYPES = ['text/csv', 'text/plain', 'application/xml', 'text/xml', 'application/octet-stream'];

/** A file sent as a request body, streamed: never held whole in memory. */
export interface Upload {
  /** The file's name: the multipart part's filename, else the `fileName` query parameter. */
  fileName: string | undefined;
  /** Form fields of a multipart body (those sent before the file). */
  fields: Record<string, string>;
  /** The file's bytes, as they arrive; stops with a 413 problem past the limit. */
  chunks: AsyncIterable<Uint8Array>;
}

function mediaTypeOf(req: IncomingMessage): string {
  const header = req.headers['content-type'] ?? '';
  return (header.split(';', 1)[0] ?? '').trim().toLowerCase();
}

const tooLarge = (limit: number) => new HttpError('payload_too_large', `the uploaded file exceeds ${limit} bytes`);

/** Chunks handed to the importer are at least this big: a socket's 16-64 KiB pieces cost the readers per piece. */
const CHUNK_BYTES = 256 * 1024;

/** Joins small chunks into pieces of at least {@link CHUNK_BYTES} (the last may be smaller). */
async function* coalesced(source: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  let parts: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of source) {
    parts.push(chunk);
    size += chunk.length;
    if (size >= CHUNK_BYTES) {
      yield parts.length === 1 ? (parts[0] as Uint8Array) : Buffer.concat(parts, size);
      parts = [];
      size = 0;
    }
  }
  if (size > 0) yield parts.length === 1 ? (parts[0] as Uint8Array) : Buffer.concat(parts, size);
}

/**
 * The request's bytes, counted: past `limit` the rest is read and dropped (so the client, still
 * sending, receives the answer) and iteration fails with 413.
 */
async function* counted(req: IncomingMessage, limit: number): AsyncGenerator<Uint8Array> {
  const declared = Number(req.headers['content-length'] ?? Number.NaN);
  if (declared > limit) {
    discardBody(req);
    throw tooLarge(limit);
  }
  let size = 0;
  req.on('error', () => {});
  const iterator = req[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  for (;;) {
    const next = await iterator.next();
    if (next.done) return;
    size += next.value.length;
    if (size > limit) {
      discardBody(req);
      throw tooLarge(limit);
    }
    yield next.value;
  }
}

/** The one file part of a multipart body, with the fields sent before it. */
function multipartFile(req: IncomingMessage, limit: number): Promise<Upload> {
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { files: 1, fields: 20, fieldSize: 4096 } });
    } catch {
      reject(validationError([{ path: '', message: 'the multipart body has no boundary' }]));
      return;
    }
    let file: Readable | undefined;
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (_name, stream: Readable, info) => {
      file = stream;
      resolve({ fileName: info.filename || undefined, fields, chunks: coalesced(stream) });
    });
    parser.on('error', (e) => reject(validationError([{ path: '', message: `malformed multipart body: ${String(e)}` }])));
    parser.on('close', () => {
      if (file === undefined) reject(validationError([{ path: '', message: 'the multipart body carries no file' }]));
    });
    const feed = async () => {
      for await (const chunk of counted(req, limit)) if (!parser.write(chunk)) await new Promise((r) => parser.once('drain', r));
      parser.end();
    };
    // A 413 (or a broken connection) reaches the importer through the file part it is reading.
    feed().catch((e: unknown) => {
      if (file === undefined) reject(e);
      else file.destroy(e as Error);
      parser.removeAllListeners('error').on('error', () => {});
      parser.destroy();
    });
  });
}

/**
 * Opens an upload: a CSV or XML file as the request body, or `multipart/form-data` with one file
 * (415 for any other media type; 413 past `limit` bytes, counted as they stream).
 *
 * @example const upload = await openUpload(req, query.fileName, MAX_UPLOAD_BYTES);
 */
export async function openUpload(req: IncomingMessage, fileName: string | undefined, limit = MAX_UPLOAD_BYTES): Promise<Upload> {
  const type = mediaTypeOf(req);
  if (type === 'multipart/form-data') return multipartFile(req, limit);
  if (!UPLOAD_MEDIA_TYPES.includes(type)) {
    discardBody(req);
    throw new HttpError(
      'unsupported_media_type',
      `send the file as ${UPLOAD_MEDIA_TYPES.slice(0, 4).join(', ')} or multipart/form-data, not ${type || 'no Content-Type'}`,
    );
  }
  return { fileName, fields: {}, chunks: coalesced(counted(req, limit)) };
}
