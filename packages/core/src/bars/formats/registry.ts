import { validationError } from '../../shared/errors.js';
import type { FileHead } from '../../import/read/csv-records.js';
import type { BarFormat } from './types.js';

/** Declares a bars format (checks its name); pass it to a registry to take part in detection. */
export function defineBarFormat(format: BarFormat): BarFormat {
  if (!/^[a-z0-9][a-z0-9-]*$/.test(format.name))
    throw new Error(`bars format name "${format.name}": use lower-case words and dashes`);
  return Object.freeze({ ...format });
}

function safeScore(format: BarFormat, head: FileHead): number {
  try {
    const s = format.detect(head);
    return Number.isFinite(s) ? Math.max(0, Math.min(1, s)) : 0;
  } catch {
    return 0;
  }
}

/** A set of bars formats (the built-in ones plus any an embedding application adds), detected by content like the broker formats. */
export class BarFormatRegistry {
  private readonly formats = new Map<string, BarFormat>();

  constructor(formats: Iterable<BarFormat> = []) {
    for (const f of formats) this.register(f);
  }

  /** Adds a format; a name already taken is an error. */
  register(format: BarFormat): this {
    if (this.formats.has(format.name)) throw new Error(`a bars format named "${format.name}" is already registered`);
    this.formats.set(format.name, format);
    return this;
  }

  /** Every format, in registration order. */
  list(): BarFormat[] {
    return [...this.formats.values()];
  }

  /** The format of that name, or a `validation_failed` error listing the names. */
  get(name: string): BarFormat {
    const f = this.formats.get(name);
    if (f !== undefined) return f;
    throw validationError([{ path: 'format', message: `unknown bars format "${name}"; known: ${this.names()}` }]);
  }

  /** The format surest about `head` (above 0.5, ahead of the next), or a `validation_failed` error saying what is known. */
  detect(head: FileHead): BarFormat {
    const [first, second] = this.list()
      .map((format) => ({ format, score: safeScore(format, head) }))
      .sort((a, b) => b.score - a.score);
    if (first !== undefined && first.score > 0.5 && (second === undefined || second.score < first.score)) return first.format;
    const why =
      first !== undefined && first.score > 0.5
        ? `it fits ${first.format.name} and ${second?.format.name} equally well`
        : 'no bars format recognises it';
    throw validationError([{ path: 'format', message: `${why}: give the format (${this.names()})` }]);
  }

  private names(): string {
    return [...this.formats.keys()].join(', ');
  }
}
