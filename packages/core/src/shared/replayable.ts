/**
 * A one-pass byte stream made openable twice, the way a file is: a reader peeks at the head
 * (format detection) and stops, then reads everything from the start. The chunks the first pass
 * saw are kept (at most `headLimit` bytes) and replayed before the rest of the stream.
 */
export interface Replayable {
  /** The bytes from the start: the first call streams and remembers, the second replays then continues. */
  open(): AsyncIterable<Uint8Array>;
  /** Bytes taken from the underlying stream so far. */
  bytesRead(): number;
}

/** How much of a stream's head is kept for the second pass, by default. */
export const REPLAY_HEAD_BYTES = 1024 * 1024;

/**
 * Wraps a stream (a request body, a file part) so that it can be opened twice: once for its head,
 * once in full. A third open, or a head pass that reads more than `headLimit` bytes, is an error.
 *
 * @example const body = replayable(req); await detect(body.open()); await importAll(body.open());
 */
export function replayable(source: AsyncIterable<Uint8Array>, headLimit = REPLAY_HEAD_BYTES): Replayable {
  const iterator = source[Symbol.asyncIterator]();
  const head: Uint8Array[] = [];
  let headBytes = 0;
  let total = 0;
  let opens = 0;

  async function* first(): AsyncGenerator<Uint8Array> {
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      total += next.value.length;
      headBytes += next.value.length;
      if (headBytes > headLimit) throw new Error(`the first pass read more than ${headLimit} bytes, which cannot be replayed`);
      head.push(next.value);
      yield next.value;
    }
  }

  async function* second(): AsyncGenerator<Uint8Array> {
    yield* head.splice(0);
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      total += next.value.length;
      yield next.value;
    }
  }

  return {
    open() {
      opens += 1;
      if (opens === 1) return first();
      if (opens === 2) return second();
      throw new Error('a stream can be opened twice only: once for its head, once in full');
    },
    bytesRead: () => total,
  };
}
