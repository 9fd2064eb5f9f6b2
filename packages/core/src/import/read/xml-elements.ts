/**
 * The elements of an XML file, streamed with saxes: each opening tag with its attributes and
 * the line it starts on. Text content is not kept (broker XML carries its data in attributes).
 * No I/O: it takes chunks. No DTD, no external entities: only XML's predefined ones. Bounded:
 * nesting depth, element count and the length of any one tag, text run or comment.
 */
import { SaxesParser } from 'saxes';
import { DEFAULTS } from '../../defaults.js';
import { limitError } from '../../shared/input-limits.js';
import { lineError } from './cell-error.js';
import type { CsvChunks } from './chunks.js';

/** A flat XML element as a streaming parser reports it (attributes only; no text content). */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  line: number;
}

/** Bounds of {@link readXmlElements} (defaults: `DEFAULTS.inputLimits`). */
export interface XmlBounds {
  /** Elements open inside each other. */
  maxDepth?: number;
  /** Elements in the document. */
  maxRecords?: number;
  /** Characters of one tag, text run, comment, CDATA section or processing instruction. */
  maxRecordLength?: number;
}

/**
 * Streams the opening tags of an XML document (BOM and `<?xml …?>` declaration allowed). A
 * malformed document fails with a `validation_failed` error naming the line; one past a bound
 * fails with that bound's 413 error as soon as the parser reaches it (saxes keeps one entry per
 * open element and the text of the construct it is in, so both stay bounded).
 *
 * @example for await (const e of readXmlElements(fs.createReadStream('flex.xml'))) if (e.name === 'Trade') …
 */
export async function* readXmlElements(chunks: CsvChunks, bounds: XmlBounds = {}): AsyncGenerator<XmlElement> {
  const maxDepth = bounds.maxDepth ?? DEFAULTS.inputLimits.maxDepth;
  const maxRecords = bounds.maxRecords ?? DEFAULTS.inputLimits.maxRecords;
  const maxLength = bounds.maxRecordLength ?? DEFAULTS.inputLimits.maxRecordLength;
  const parser = new SaxesParser({ position: true });
  const decoder = new TextDecoder('utf-8');
  let ready: XmlElement[] = [];
  let startLine = 1;
  let depth = 0;
  let elements = 0;
  // Where the construct being read began: every event ends one.
  let mark = 0;
  const boundary = () => {
    mark = parser.position;
  };
  parser.on('opentagstart', () => {
    startLine = parser.line;
    mark = parser.position;
    if (++depth > maxDepth) {
      throw limitError('maxDepth', maxDepth, `line ${parser.line}: XML nested deeper than ${maxDepth} elements`);
    }
    if (++elements > maxRecords) {
      throw limitError('maxRecords', maxRecords, `line ${parser.line}: more than ${maxRecords} XML elements`);
    }
  });
  parser.on('opentag', (tag) => {
    boundary();
    if (tag.isSelfClosing) depth--;
    ready.push({ name: tag.name, attributes: tag.attributes as Record<string, string>, line: startLine });
  });
  parser.on('closetag', (tag) => {
    boundary();
    if (!tag.isSelfClosing) depth--;
  });
  for (const event of ['text', 'comment', 'cdata', 'processinginstruction', 'doctype', 'xmldecl'] as const) {
    parser.on(event, boundary);
  }
  // Characters fed so far (saxes' own position is only right inside its events).
  let fed = 0;
  const checkLength = () => {
    if (fed - mark > maxLength) {
      throw limitError(
        'maxRecordLength',
        maxLength,
        `line ${parser.line}: an XML tag, text or comment longer than ${maxLength} characters`,
      );
    }
  };
  parser.on('error', (e) => {
    throw lineError(parser.line, `not well-formed XML: ${e.message.replace(/^(?:[^:]*:)?\d+:\d+: /, '')}`);
  });
  const flush = function* (): Generator<XmlElement> {
    const out = ready;
    ready = [];
    yield* out;
  };
  for await (const chunk of chunks) {
    const text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    parser.write(text);
    fed += text.length;
    checkLength();
    yield* flush();
  }
  const rest = decoder.decode();
  if (rest !== '') parser.write(rest);
  parser.close();
  yield* flush();
}
