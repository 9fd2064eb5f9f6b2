import { type Call, requestOf } from '../operation.js';
import type { CallOptions, Send } from '../transport.js';
import type {
  ImportCreateQuery,
  ImportFormatList,
  ImportList,
  ImportListQuery,
  ImportMapping,
  ImportProfile,
  ImportProfileInput,
  ImportProfileList,
  ImportRecord,
  ImportUndoQuery,
} from '../types.js';

/** What an import can send: a `File`/`Blob` (browsers), a string or bytes, or a stream (a Node `Readable`, a web `ReadableStream`). */
export type ImportBody = Blob | string | Uint8Array | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array | string>;

/** `{ ES: 50 }`, or the `ES=50,NQ=20` text the API reads (sent as given: the server parses it). */
export type KeyValues = Readonly<Record<string, number>> | string;

/**
 * Options of `imports.create`: how to read the file (every query option of `POST /api/imports`,
 * from the operation table: format, sourceTz, fileName, account, dryRun, skipInvalid, pointValues,
 * lotSizes, locale, map, datePattern), and what to hear while it uploads.
 */
export type ImportCreateOptions = Omit<ImportCreateQuery, 'map' | 'pointValues' | 'lotSizes'> & {
  /** Point values by futures root: `{ ES: 50 }` or `'ES=50,NQ=20'`. */
  pointValues?: KeyValues;
  /** Units per lot by symbol (MetaTrader): `{ XAUUSD: 100 }` or `'XAUUSD=100'`. */
  lotSizes?: KeyValues;
  /**
   * A column mapping for a CSV no format knows: `field=Column` pairs
   * (`'time=Exec Time,symbol=Symbol,side=Side,quantity=Qty,price=Price'`) or a mapping object; not with `format`.
   */
  map?: string | ImportMapping;
  /** The body's media type (default: a Blob's own type, else from the file name: `.xml` is XML, anything else CSV). */
  contentType?: string;
  /** Bytes sent so far: called as a stream body is read; a Blob or string is reported once, whole, when sent. */
  onProgress?: (bytesSent: number) => void;
};

const encoder = new TextEncoder();

function mediaType(body: ImportBody, options: ImportCreateOptions, fileName: string | undefined): string {
  if (options.contentType) return options.contentType;
  if (typeof Blob !== 'undefined' && body instanceof Blob && body.type) return body.type;
  return fileName?.toLowerCase().endsWith('.xml') ? 'application/xml' : 'text/csv';
}

/** A stream (or async iterable) as a web stream that reports the bytes it hands to fetch (also used by `bars.import`). */
export function counted(
  source: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array | string>,
  onProgress?: (n: number) => void,
) {
  const iterator = (
    Symbol.asyncIterator in source ? source[Symbol.asyncIterator]() : (source as ReadableStream<Uint8Array>).getReader()
  ) as AsyncIterator<Uint8Array | string> | ReadableStreamDefaultReader<Uint8Array>;
  const next = () => ('read' in iterator ? iterator.read() : iterator.next());
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const step = await next();
      if (step.done) {
        controller.close();
        return;
      }
      const chunk = typeof step.value === 'string' ? encoder.encode(step.value) : (step.value as Uint8Array);
      sent += chunk.byteLength;
      onProgress?.(sent);
      controller.enqueue(chunk);
    },
    async cancel(reason) {
      if ('cancel' in iterator) await iterator.cancel(reason);
      else await iterator.return?.(reason);
    },
  });
}

/** `{ ES: 50, NQ: 20 }` as the API reads it: `ES=50,NQ=20`; a text goes as written. */
function keyValueText(values: KeyValues): string {
  if (typeof values === 'string') return values;
  return Object.entries(values)
    .map(([key, value]) => `${key}=${value}`)
    .join(',');
}

function sizeOf(body: Blob | string | Uint8Array): number {
  if (typeof body === 'string') return encoder.encode(body).byteLength;
  return body instanceof Uint8Array ? body.byteLength : body.size;
}

/** Imports: send a broker export or our CSV, see the history, undo one. */
export function importsApi(call: Call, send: Send) {
  return {
    /**
     * Imports a file: the server detects its format (or takes `format`), imports it in one
     * transaction and answers the record (a dry run answers what it would do). Streams are sent as
     * they are read and are not retried (a Blob or string is, safely: the call carries an
     * Idempotency-Key and a re-sent file adds nothing).
     *
     * @example const record = await client.imports.create(fileInput.files[0], { sourceTz: 'America/New_York' });
     */
    async create(body: ImportBody, options: ImportCreateOptions = {}, callOptions?: CallOptions): Promise<ImportRecord> {
      const fileName = options.fileName ?? (typeof File !== 'undefined' && body instanceof File ? body.name : undefined);
      const whole =
        typeof body === 'string' || body instanceof Uint8Array || (typeof Blob !== 'undefined' && body instanceof Blob);
      const { contentType: _type, onProgress: _progress, map, pointValues, lotSizes, ...rest } = options;
      const query = {
        ...rest,
        fileName,
        ...(map !== undefined && { map: typeof map === 'object' ? JSON.stringify(map) : map }),
        ...(pointValues !== undefined && { pointValues: keyValueText(pointValues) }),
        ...(lotSizes !== undefined && { lotSizes: keyValueText(lotSizes) }),
      };
      const upload = {
        body: whole ? body : counted(body as ReadableStream<Uint8Array> | AsyncIterable<Uint8Array | string>, options.onProgress),
        contentType: mediaType(body, options, fileName),
      };
      const record = await send<ImportRecord>({ ...requestOf('createImport', { query }), upload }, callOptions);
      if (whole) options.onProgress?.(sizeOf(body));
      return record;
    },

    /**
     * The user's imports, newest first.
     *
     * @example const { imports } = await client.imports.list({ limit: 10 });
     */
    list(query: ImportListQuery = {}, options?: CallOptions): Promise<ImportList> {
      return call('listImports', { query }, options);
    },

    /**
     * One import, with the ids of the trades it created.
     *
     * @example const { counts, tradeIds } = await client.imports.get(importId);
     */
    get(importId: string, options?: CallOptions): Promise<ImportRecord> {
      return call('getImport', { params: { id: importId } }, options);
    },

    /**
     * Undoes an import: removes the trades it created. Refused (409, naming them) when any was
     * edited since, unless `force`.
     *
     * @example await client.imports.undo(importId, { force: true });
     */
    undo(importId: string, undoOptions: ImportUndoQuery = {}, options?: CallOptions): Promise<ImportRecord> {
      const query = undoOptions.force ? { force: true } : undefined;
      return call('undoImport', { params: { id: importId }, query }, options);
    },

    /**
     * The formats the server reads: name, broker, the export to choose, what is read, the time-zone rule.
     *
     * @example const { formats } = await client.imports.formats();
     */
    formats(options?: CallOptions): Promise<ImportFormatList> {
      return call('listImportFormats', {}, options);
    },

    /** Saved column mappings: each is a format of the user's imports, detected by its header or named as `format`. */
    profiles: {
      /**
       * The saved profiles, by name.
       *
       * @example const { profiles } = await client.imports.profiles.list();
       */
      list(options?: CallOptions): Promise<ImportProfileList> {
        return call('listImportProfiles', {}, options);
      },

      /**
       * One saved profile.
       *
       * @example const p = await client.imports.profiles.get('my-broker');
       */
      get(name: string, options?: CallOptions): Promise<ImportProfile> {
        return call('getImportProfile', { params: { name } }, options);
      },

      /**
       * Saves a mapping under `name`, creating or replacing it (not the name of a built-in format).
       *
       * @example await client.imports.profiles.save('my-broker', { columns: { time: 'Time', symbol: 'Symbol', side: 'Side', quantity: 'Qty', price: 'Price' } });
       */
      save(name: string, mapping: ImportProfileInput, options?: CallOptions): Promise<ImportProfile> {
        return call('saveImportProfile', { params: { name }, body: mapping }, options);
      },

      /**
       * Deletes a saved profile (the imports it read stay).
       *
       * @example await client.imports.profiles.delete('my-broker');
       */
      async delete(name: string, options?: CallOptions): Promise<void> {
        await call('deleteImportProfile', { params: { name } }, options);
      },
    },
  };
}
