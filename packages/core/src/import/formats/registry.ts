import type { ImportFormatInfo } from '@tj/schemas';
import { validationError } from '../../shared/errors.js';
import { columnKey, headerIndex } from '../read/csv-records.js';
import type { BrokerFormat, FileHead } from './types.js';

/** Declares a broker format (checks its fields); pass it to a registry to take part in detection. */
export function defineFormat(format: BrokerFormat): BrokerFormat {
  if (!/^[a-z0-9][a-z0-9-]*$/.test(format.name)) throw new Error(`format name "${format.name}": use lower-case words and dashes`);
  return Object.freeze({ ...format });
}

/** The outcome of detection: the format, or why none fits. */
export type Detection =
  | { ok: true; format: BrokerFormat; score: number }
  | { ok: false; closest?: BrokerFormat; missing: string[]; reason: string };

/** The columns of `format` that the head's likeliest header line lacks. */
function missingColumns(format: BrokerFormat, head: FileHead): string[] {
  let best: string[] = [...format.requiredColumns];
  for (const record of head.records.slice(0, 20)) {
    const index = headerIndex(record.cells);
    const missing = format.requiredColumns.filter((c) => !index.has(columnKey(c)));
    if (missing.length < best.length) best = missing;
  }
  return best;
}

/** A set of broker formats: the built-in ones plus any an embedding application adds. */
export class FormatRegistry {
  private readonly formats = new Map<string, BrokerFormat>();

  constructor(formats: Iterable<BrokerFormat> = []) {
    for (const f of formats) this.register(f);
  }

  /** Adds a format; a name already taken is an error. */
  register(format: BrokerFormat): this {
    if (this.formats.has(format.name)) throw new Error(`a format named "${format.name}" is already registered`);
    this.formats.set(format.name, format);
    return this;
  }

  /** Every format, in registration order. */
  list(): BrokerFormat[] {
    return [...this.formats.values()];
  }

  /** The format of that name, or a `validation_failed` error listing the names. */
  get(name: string): BrokerFormat {
    const f = this.formats.get(name);
    if (f === undefined) {
      throw validationError([
        { path: 'format', message: `unknown format "${name}"; known: ${[...this.formats.keys()].join(', ')}` },
      ]);
    }
    return f;
  }

  /** The format whose `detect` is surest about `head` (above 0.5 and unambiguous). */
  detect(head: FileHead): Detection {
    const scored = this.list()
      .map((format) => ({ format, score: safeScore(format, head) }))
      .sort((a, b) => b.score - a.score);
    const [first, second] = scored;
    if (first === undefined) return { ok: false, missing: [], reason: 'no formats are registered' };
    if (first.score > 0.5 && (second === undefined || second.score < first.score)) return { ok: true, ...first };
    const closest =
      first.score > 0
        ? first.format
        : closestByColumns(
            scored.map((s) => s.format),
            head,
          );
    const missing = missingColumns(closest, head);
    const reason =
      first.score > 0.5
        ? `it fits ${first.format.name} and ${second?.format.name} equally well`
        : 'no known format recognises its header';
    return { ok: false, closest, missing, reason };
  }
}

/** The format whose required columns the head's header covers best (by share present). */
function closestByColumns(formats: BrokerFormat[], head: FileHead): BrokerFormat {
  let best = formats[0] as BrokerFormat;
  let bestShare = -1;
  for (const f of formats) {
    const required = f.requiredColumns.length;
    if (required === 0) continue;
    const share = (required - missingColumns(f, head).length) / required;
    if (share > bestShare) {
      best = f;
      bestShare = share;
    }
  }
  return best;
}

function safeScore(format: BrokerFormat, head: FileHead): number {
  try {
    const s = format.detect(head);
    return Number.isFinite(s) ? Math.max(0, Math.min(1, s)) : 0;
  } catch {
    return 0;
  }
}

/** A format's public description. */
export function formatInfo(f: BrokerFormat): ImportFormatInfo {
  return {
    name: f.name,
    label: `${f.broker} ${f.title}`,
    broker: f.broker,
    title: f.title,
    exportHint: f.exportHint,
    reads: f.reads,
    timeRule: f.timeRule,
    sampleHeader: f.sampleHeader,
  };
}
