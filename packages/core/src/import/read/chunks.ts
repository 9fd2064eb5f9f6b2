/** Chunks of a CSV file: text or UTF-8 bytes (a Node stream qualifies). */
export type CsvChunks = AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>;
