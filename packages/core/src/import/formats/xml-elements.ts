/**
 * The elements of an XML file, streamed with saxes: each opening tag with its attributes and
 * the line it starts on. Text content is not kept (broker XML carries its data in attributes).
 * No I/O: it takes chunks. No DTD, no external entities: only XML's predefined ones.
 */
import { SaxesParser } from 'saxes';
import { lineError } from '../cell-error.js';
import type { CsvChunks } from '../csv-reader.js';
import type { XmlElement } from './types.js';

/**
 * Streams the opening tags of an XML document (BOM and `<?xml …?>` declaration allowed). A
 * malformed document fails with a `validation_failed` error naming the line.
 *
 * @example for await (const e of readXmlElements(fs.createReadStream('flex.xml'))) if (e.name === 'Trade') …
 */
export async function* readXmlElements(chunks: CsvChunks): AsyncGenerator<XmlElement> {
  const parser = new SaxesParser({ position: true });
  const decoder = new TextDecoder('utf-8');
  let ready: XmlElement[] = [];
  let startLine = 1;
  parser.on('opentagstart', () => {
    startLine = parser.line;
  });
  parser.on('opentag', (tag) => {
    ready.push({ name: tag.name, attributes: tag.attributes as Record<string, string>, line: startLine });
  });
  parser.on('error', (e) => {
    throw lineError(parser.line, `not well-formed XML: ${e.message.replace(/^(?:[^:]*:)?\d+:\d+: /, '')}`);
  });
  const flush = function* (): Generator<XmlElement> {
    const out = ready;
    ready = [];
    yield* out;
  };
  for await (const chunk of chunks) {
    parser.write(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
    yield* flush();
  }
  const rest = decoder.decode();
  if (rest !== '') parser.write(rest);
  parser.close();
  yield* flush();
}
