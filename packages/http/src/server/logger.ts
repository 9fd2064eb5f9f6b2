/** One structured log entry (a JSON line). */
export type LogEntry = Record<string, unknown> & { level: 'info' | 'warn' | 'error'; msg: string };

/** Where the server writes its log: one call per entry. Never given a token, password or secret. */
export interface Logger {
  log(entry: LogEntry): void;
}

/**
 * Writes each entry as one JSON line with a timestamp.
 *
 * @example const logger = jsonLogger(process.stderr);
 */
export function jsonLogger(stream: { write(chunk: string): unknown } = process.stdout): Logger {
  return {
    log(entry) {
      stream.write(`${JSON.stringify({ time: new Date().toISOString(), ...entry })}\n`);
    },
  };
}

/** A logger that drops everything. */
export const silentLogger: Logger = { log() {} };
