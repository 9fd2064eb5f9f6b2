import { lineError } from './cell-error.js';
import { type CsvRecord, CsvTokenizer } from './csv-tokenizer.js';

/**
 * Decodes chunks to text: strings pass through, bytes are UTF-8 (split characters are fine).
 * Invalid UTF-8 is a validation error naming the line, counted from where `tokenizer` is.
 */
export async function* decodeChunks(
  chunks: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>,
  tokenizer: CsvTokenizer,
): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const decode = (bytes?: Uint8Array): string => {
    try {
      return bytes === undefined ? decoder.decode() : decoder.decode(bytes, { stream: true });
    } catch {
      // Locate the bad bytes: the line the chunk starts on plus the line breaks before them.
      const lossy = new TextDecoder('utf-8').decode(bytes ?? new Uint8Array(0));
      const bad = lossy.indexOf('\uFFFD');
      const before = bad === -1 ? '' : lossy.slice(0, bad);
      throw lineError(tokenizer.line + before.split('\n').length - 1, 'the file is not valid UTF-8');
    }
  };
  for await (const chunk of chunks) {
    const text = typeof chunk === 'string' ? chunk : decode(chunk);
    if (text !== '') yield text;
  }
  const rest = decode();
  if (rest !== '') yield rest;
}

/**
 * Tokenizes a stream of text or UTF-8 byte chunks into raw records (streaming, bounded memory).
 * Invalid UTF-8 is a validation error naming the line.
 */
export async function* tokenizeCsv(
  chunks: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>,
  tokenizer: CsvTokenizer = new CsvTokenizer(),
): AsyncGenerator<CsvRecord> {
  for await (const text of decodeChunks(chunks, tokenizer)) yield* tokenizer.push(text);
  yield* tokenizer.end();
}
