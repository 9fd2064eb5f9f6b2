/**
 * Hostile inputs, one per bound of `InputLimits`, generated in chunks as they are sent (a 48 MB
 * file is never held whole): what the core, server, CLI and fuzz tests throw at every reader.
 */
import type { InputLimitName } from '@tj/core';

/** A hostile file: the bound it must trip, and its bytes, generated anew on each `chunks()`. */
export interface HostileFile {
  /** What it is, for test names. */
  name: string;
  /** The file name it is sent as (its extension picks nothing: formats are detected). */
  fileName: string;
  contentType: 'application/xml' | 'text/csv';
  /** The bound that must refuse it. */
  bound: InputLimitName;
  chunks(): Generator<Uint8Array>;
}

const CHUNK = 256 * 1024;
const encoder = new TextEncoder();

/** `head`, then `unit` repeated until about `bytes`, then `tail`, in chunks of about 256 KiB. */
function* repeated(head: string, unit: string, bytes: number, tail = ''): Generator<Uint8Array> {
  yield encoder.encode(head);
  const block = encoder.encode(unit.repeat(Math.max(1, Math.floor(CHUNK / unit.length))));
  let sent = 0;
  while (sent + block.length <= bytes) {
    yield block;
    sent += block.length;
  }
  const rest = Math.floor((bytes - sent) / unit.length);
  if (rest > 0) yield encoder.encode(unit.repeat(rest));
  if (tail !== '') yield encoder.encode(tail);
}

/** `head`, then `row(i)` for i = 0 … count - 1, in chunks of about 256 KiB. */
function* rows(head: string, count: number, row: (i: number) => string): Generator<Uint8Array> {
  yield encoder.encode(head);
  let text = '';
  for (let i = 0; i < count; i++) {
    text += row(i);
    if (text.length >= CHUNK) {
      yield encoder.encode(text);
      text = '';
    }
  }
  if (text !== '') yield encoder.encode(text);
}

/** The start of an IBKR Flex Query XML file (detected as ibkr-flex-xml), open at its Trades element. */
export const FLEX_HEAD =
  '<?xml version="1.0" encoding="UTF-8"?>\n<FlexQueryResponse queryName="Trades" type="AF">\n<FlexStatements count="1">\n<FlexStatement accountId="U1234567" fromDate="20260105" toDate="20260105">\n<Trades>\n';

/** Our fills CSV header. */
export const FILLS_HEADER = 'datetime,symbol,side,quantity,price,commission,fees,exec_id,account,multiplier,tags,note\n';

const MINUTE = 60_000;
const START = Date.parse('2026-01-05T14:30:00Z');
const at = (i: number) => new Date(START + i * MINUTE).toISOString();

/** An XML file that opens `<a>` without end: `bytes` of it (the attack that once took the server down). */
export function nestedXml(bytes: number): HostileFile {
  return {
    name: `XML nested ${Math.round(bytes / 1e6)} MB deep`,
    fileName: 'nested.xml',
    contentType: 'application/xml',
    bound: 'maxDepth',
    chunks: () => repeated(FLEX_HEAD, '<a>', bytes),
  };
}

/** An XML file of `count` empty elements side by side. */
export function manyXmlElements(count: number): HostileFile {
  return {
    name: `XML of ${count} elements`,
    fileName: 'many.xml',
    contentType: 'application/xml',
    bound: 'maxRecords',
    chunks: () => repeated(FLEX_HEAD, '<a/>', count * 4, '</Trades></FlexStatement></FlexStatements></FlexQueryResponse>'),
  };
}

/** An XML element with one attribute of `chars` characters. */
export function longXmlAttribute(chars: number): HostileFile {
  return {
    name: `XML attribute of ${chars} characters`,
    fileName: 'attribute.xml',
    contentType: 'application/xml',
    bound: 'maxRecordLength',
    chunks: () =>
      repeated(`${FLEX_HEAD}<Trade symbol="`, 'x', chars, '"/></Trades></FlexStatement></FlexStatements></FlexQueryResponse>'),
  };
}

/** An XML text run of `chars` characters. */
export function longXmlText(chars: number): HostileFile {
  return {
    name: `XML text of ${chars} characters`,
    fileName: 'text.xml',
    contentType: 'application/xml',
    bound: 'maxRecordLength',
    chunks: () =>
      repeated(`${FLEX_HEAD}<Note>`, 'y', chars, '</Note></Trades></FlexStatement></FlexStatements></FlexQueryResponse>'),
  };
}

/** A fills CSV whose second row opens a quote that never closes: one record of `chars` characters. */
export function longCsvRecord(chars: number): HostileFile {
  return {
    name: `CSV record of ${chars} characters`,
    fileName: 'record.csv',
    contentType: 'text/csv',
    bound: 'maxRecordLength',
    chunks: () => repeated(`${FILLS_HEADER}${at(0)},ES,buy,1,5000,0,0,e0,SIM,50,,"`, 'z,', chars),
  };
}

/** A fills CSV of `count` rows: valid round trips of one ES contract. */
export function manyCsvRecords(count: number): HostileFile {
  return {
    name: `CSV of ${count} records`,
    fileName: 'records.csv',
    contentType: 'text/csv',
    bound: 'maxRecords',
    chunks: () => rows(FILLS_HEADER, count, (i) => `${at(i)},ES,${i % 2 === 0 ? 'buy' : 'sell'},1,5000,0,0,r${i},SIM,50,,\n`),
  };
}

/** A fills CSV of `count` short rows with a long note each: about `count × 300` bytes. */
export function bigCsv(count: number): HostileFile {
  const note = 'n'.repeat(240);
  return {
    name: `CSV of about ${Math.round((count * 300) / 1e6)} MB`,
    fileName: 'big.csv',
    contentType: 'text/csv',
    bound: 'maxBytes',
    chunks: () =>
      rows(FILLS_HEADER, count, (i) => `${at(i)},ES,${i % 2 === 0 ? 'buy' : 'sell'},1,5000,0,0,b${i},SIM,50,,${note}\n`),
  };
}

/** A fills CSV that only buys: one position kept open over `count` executions (the matcher holds them all). */
export function openPositionFills(count: number): HostileFile {
  return {
    name: `CSV of one position open over ${count} buys`,
    fileName: 'open.csv',
    contentType: 'text/csv',
    bound: 'maxMemoryBytes',
    chunks: () => rows(FILLS_HEADER, count, (i) => `${at(i)},ES,buy,1,5000,0,0,o${i},SIM,50,,\n`),
  };
}

/** A fills CSV of `count` round trips written newest first (the whole file is held to be sorted). */
export function newestFirstFills(count: number): HostileFile {
  return {
    name: `CSV of ${count} fills newest first`,
    fileName: 'newest.csv',
    contentType: 'text/csv',
    bound: 'maxMemoryBytes',
    chunks: () =>
      rows(FILLS_HEADER, count, (i) => {
        const n = count - 1 - i;
        return `${at(n)},NQ,${n % 2 === 0 ? 'buy' : 'sell'},1,20000,0,0,n${n},SIM,20,,\n`;
      }),
  };
}

/** A JSON text that opens `depth` arrays inside each other (and closes them). */
export function deepJson(depth: number): string {
  return `${'['.repeat(depth)}${']'.repeat(depth)}`;
}

/** A hostile file's bytes as one text (for the small ones core tests read whole). */
export function textOf(file: HostileFile): string {
  const decoder = new TextDecoder();
  let text = '';
  for (const chunk of file.chunks()) text += decoder.decode(chunk, { stream: true });
  return text + decoder.decode();
}
