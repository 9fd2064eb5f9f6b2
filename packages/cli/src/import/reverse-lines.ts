import { open } from 'node:fs/promises';

/** A physical line of a file and its 1-based number. */
export interface NumberedLine {
  line: number;
  /** The line without its line break. */
  text: string;
  /** Its line break as written: `\r\n`, `\n`, or '' for a last line without one. */
  eol: string;
}

/** Options of {@link reverseLines}. */
export interface ReverseLinesOptions {
  /** Bytes read at a time (default 64 KiB). */
  chunkSize?: number;
}

const LF = 0x0a;
const CR = 0x0d;

async function countLines(handle: Awaited<ReturnType<typeof open>>, size: number, chunkSize: number): Promise<number> {
  const buf = new Uint8Array(chunkSize);
  let count = 0;
  let last = -1;
  for (let pos = 0; pos < size; ) {
    const { bytesRead } = await handle.read(buf, 0, Math.min(chunkSize, size - pos), pos);
    if (bytesRead === 0) break;
    for (let i = buf.indexOf(LF); i !== -1 && i < bytesRead; i = buf.indexOf(LF, i + 1)) count++;
    last = buf[bytesRead - 1] ?? -1;
    pos += bytesRead;
  }
  return size === 0 ? 0 : count + (last === LF ? 0 : 1);
}

/**
 * Yields the lines of a file last to first, reading it backwards in chunks: memory holds one
 * chunk plus the longest line. Lines split on LF; a CR before it moves to `eol`, a BOM at the
 * start of line 1 is dropped; a final line break does not make an empty last line. Line numbers are
 * physical (1-based, from the top), found by a quick forward count of line breaks first.
 * Invalid UTF-8 throws an error naming the line. Stopping early closes the file.
 */
export async function* reverseLines(path: string, options: ReverseLinesOptions = {}): AsyncGenerator<NumberedLine> {
  const chunkSize = Math.max(1, options.chunkSize ?? 65_536);
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    let lineNo = await countLines(handle, size, chunkSize);
    const decoder = new TextDecoder('utf-8', { fatal: true });
    const lineAt = (bytes: Uint8Array, line: number, eol: string): NumberedLine => {
      const cr = bytes.length > 0 && bytes[bytes.length - 1] === CR;
      try {
        const text = decoder.decode(cr ? bytes.subarray(0, bytes.length - 1) : bytes);
        return { line, text: line === 1 && text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, eol: cr ? `\r${eol}` : eol };
      } catch {
        throw new Error(`line ${line}: the file is not valid UTF-8`);
      }
    };
    let tail: Uint8Array = new Uint8Array(0);
    let pos = size;
    let first = true;
    let lastEol = '';
    while (pos > 0) {
      const len = Math.min(chunkSize, pos);
      pos -= len;
      const data = new Uint8Array(len + tail.length);
      const { bytesRead } = await handle.read(data, 0, len, pos);
      if (bytesRead !== len) throw new Error(`${path}: the file changed while being read`);
      data.set(tail, len);
      let end = data.length;
      if (first) {
        first = false;
        if (data[end - 1] === LF) {
          end--;
          lastEol = '\n';
        }
      }
      let i = end > 0 ? data.lastIndexOf(LF, end - 1) : -1;
      while (i !== -1) {
        yield lineAt(data.subarray(i + 1, end), lineNo, lastEol);
        lastEol = '\n';
        lineNo--;
        end = i;
        i = end > 0 ? data.lastIndexOf(LF, end - 1) : -1;
      }
      tail = data.slice(0, end);
    }
    if (size > 0) yield lineAt(tail, lineNo, lastEol);
  } finally {
    await handle.close();
  }
}
