import type { FieldError } from '../../../shared/errors.js';
import { validationError } from '../../../shared/errors.js';
import { cellIssue } from '../../read/cell-error.js';
import type { CsvChunks } from '../../read/chunks.js';
import { readCsvBatches } from '../../read/csv-rows.js';
import { type CsvHeader, type CsvRow, looseColumnName } from '../../read/csv-columns.js';
import { canonicalTradeInput, sha256Hex, TRADE_INPUT_FIELDS, type TradeImportInput } from '../trade-input.js';
import { restoreCsvCell, TRADE_COMPUTED_COLUMNS } from './trades-csv-write.js';
import { parseInstant } from '../../values/zoned-time.js';
import { formatDateTime, MAX_NOTES_LENGTH, type Parsed, parseDecimal, parseTags } from '../../values/plain.js';

/** One trade read from a trades CSV: the create fields, its line and its dedup key. */
export interface TradeCsvItem {
  line: number;
  /** `id:<id>` when the row has an id, else `row:<sha256 of the canonical row content>`. */
  importKey: string;
  /** The row's id column, when filled (not a create field: only used for dedup). */
  id?: string;
  input: TradeImportInput;
  /** Naive times (read in the source zone) that fell in a DST gap or overlap: the column, as labelled, and which. */
  zoneIssues?: Array<{ column: string; issue: 'gap' | 'overlap' }>;
  /** True when a time of the row was written without a zone (read in the source zone). */
  wallClock?: true;
}

const FIELD_BY_COLUMN = new Map<string, keyof TradeImportInput | 'id'>(
  (['id', ...TRADE_INPUT_FIELDS] as const).map((f) => [looseColumnName(f), f]),
);
const COMPUTED = new Set<string>(TRADE_COMPUTED_COLUMNS.map(looseColumnName));
const REQUIRED = ['instrument', 'direction', 'entryPrice', 'positionSize', 'entryTime'] as const;

/** Checks a trades CSV header: every column known, the required ones present (throws naming them). */
export function checkTradesHeader(header: CsvHeader): void {
  const errors: FieldError[] = [];
  const present = new Set<string>();
  for (const name of header.names) {
    const key = looseColumnName(name);
    const field = FIELD_BY_COLUMN.get(key);
    if (field !== undefined) present.add(field);
    else if (!COMPUTED.has(key)) errors.push(cellIssue(header.line, name, 'unknown column'));
  }
  for (const f of REQUIRED) if (!present.has(f)) errors.push(cellIssue(header.line, f, 'required column is missing'));
  if (errors.length > 0) throw validationError(errors);
}

class RowParser {
  readonly errors: FieldError[] = [];
  constructor(
    private readonly row: CsvRow,
    private readonly labels: ReadonlyMap<string, string>,
  ) {}

  text(field: string): string | undefined {
    const raw = this.row.fields[looseColumnName(field)]?.trim();
    return raw === undefined || raw === '' ? undefined : raw;
  }

  /** A text cell: as {@link text}, without the `'` the export puts before a formula-like start. */
  textCell(field: string): string | undefined {
    const raw = this.text(field);
    return raw === undefined ? undefined : restoreCsvCell(raw);
  }

  label(field: string): string {
    return this.labels.get(looseColumnName(field)) ?? field;
  }

  fail(field: string, message: string): undefined {
    this.errors.push(cellIssue(this.row.line, this.label(field), message));
    return undefined;
  }

  parse<T>(field: string, parser: (raw: string) => Parsed<T>, raw = this.text(field)): T | undefined {
    if (raw === undefined) return undefined;
    const r = parser(raw);
    return r.ok ? r.value : this.fail(field, r.message);
  }

  number(field: string, min: 'positive' | 'non-negative' | 'any'): number | undefined {
    const n = this.parse(field, parseDecimal);
    if (n === undefined || min === 'any') return n;
    if (min === 'positive' && n <= 0) return this.fail(field, 'must be greater than 0');
    if (min === 'non-negative' && n < 0) return this.fail(field, 'must be 0 or more');
    return n;
  }

  string(field: string, max: number): string | undefined {
    const s = this.textCell(field);
    return s !== undefined && s.length > max ? this.fail(field, `at most ${max} characters`) : s;
  }
}

function setIf<K extends keyof TradeImportInput>(input: TradeImportInput, key: K, value: TradeImportInput[K] | undefined): void {
  if (value !== undefined) input[key] = value;
}

/**
 * Parses one trades CSV row into create fields; throws naming every bad cell of the row.
 * `labels` maps normalised column names to the header's spelling, for error messages. Times
 * carry Z or an offset, or are naive and read in `sourceTz` (refused when it is not given).
 */
export function parseTradeRow(row: CsvRow, labels: ReadonlyMap<string, string> = new Map(), sourceTz?: string): TradeCsvItem {
  const p = new RowParser(row, labels);
  const zoneIssues: NonNullable<TradeCsvItem['zoneIssues']> = [];
  let wallClock = false;
  const time = (field: string): number | undefined => {
    const t = p.parse(field, (raw) => parseInstant(raw, sourceTz));
    if (t?.issue !== undefined) zoneIssues.push({ column: p.label(field), issue: t.issue });
    if (t?.naive === true) wallClock = true;
    return t?.ms;
  };
  for (const f of REQUIRED) if (p.text(f) === undefined) p.fail(f, 'required');
  const instrument = p.string('instrument', 64);
  const dir = p.textCell('direction')?.toLowerCase();
  if (dir !== undefined && dir !== 'long' && dir !== 'short') p.fail('direction', 'must be long or short');
  const entryPrice = p.number('entryPrice', 'positive');
  const positionSize = p.number('positionSize', 'positive');
  const entryTime = time('entryTime');
  const stopLoss = p.number('stopLoss', 'positive');
  const takeProfit = p.number('takeProfit', 'positive');
  const exitPrice = p.number('exitPrice', 'positive');
  const exitTime = time('exitTime');
  const result = p.number('result', 'any');
  const rawNotes = row.fields.notes;
  const notes = rawNotes === undefined || rawNotes.trim() === '' ? undefined : restoreCsvCell(rawNotes);
  if (notes !== undefined && notes.length > MAX_NOTES_LENGTH) p.fail('notes', `at most ${MAX_NOTES_LENGTH} characters`);
  if (exitTime !== undefined && exitPrice === undefined) p.fail('exitTime', 'set without exitPrice');
  if (exitPrice !== undefined && exitTime === undefined) p.fail('exitPrice', 'set without exitTime');
  if (result !== undefined && exitPrice === undefined) p.fail('result', 'set on an open trade (no exitPrice)');
  if (exitTime !== undefined && entryTime !== undefined && exitTime < entryTime) p.fail('exitTime', 'before entryTime');
  if (entryPrice !== undefined && (dir === 'long' || dir === 'short')) {
    const sign = dir === 'long' ? 1 : -1;
    if (stopLoss !== undefined && (stopLoss - entryPrice) * sign >= 0)
      p.fail('stopLoss', `must be on the losing side of the entry for a ${dir} trade`);
    if (takeProfit !== undefined && (takeProfit - entryPrice) * sign <= 0)
      p.fail('takeProfit', `must be on the winning side of the entry for a ${dir} trade`);
  }
  const input = {
    instrument,
    direction: dir,
    entryPrice,
    positionSize,
    entryTime: entryTime === undefined ? undefined : formatDateTime(entryTime),
  } as TradeImportInput;
  setIf(input, 'stopLoss', stopLoss);
  setIf(input, 'takeProfit', takeProfit);
  setIf(input, 'setupType', p.string('setupType', 64));
  setIf(input, 'notes', notes);
  // Tags are one cell: its leading `'`, if the export added one, goes before it is split.
  const tags = p.parse('tags', parseTags, p.textCell('tags'));
  if (tags !== undefined && tags.length > 0) input.tags = tags;
  setIf(input, 'fees', p.number('fees', 'non-negative'));
  setIf(input, 'multiplier', p.number('multiplier', 'positive'));
  setIf(input, 'exitPrice', exitPrice);
  setIf(input, 'exitTime', exitTime === undefined ? undefined : formatDateTime(exitTime));
  setIf(input, 'result', result);
  // Instrument details are checked by the trade schema when the import validates each row.
  setIf(input, 'account', p.string('account', 64));
  setIf(input, 'assetClass', p.textCell('assetClass')?.toLowerCase() as TradeImportInput['assetClass']);
  setIf(input, 'currency', p.textCell('currency'));
  setIf(input, 'underlying', p.string('underlying', 64));
  setIf(input, 'expiry', p.textCell('expiry'));
  setIf(input, 'strike', p.number('strike', 'positive'));
  setIf(input, 'right', p.textCell('right')?.toLowerCase() as TradeImportInput['right']);
  if (p.errors.length > 0) throw validationError(p.errors);
  const id = p.string('id', 128);
  const importKey = id !== undefined ? `id:${id}` : `row:${sha256Hex(canonicalTradeInput(input))}`;
  const item: TradeCsvItem = { line: row.line, importKey, input };
  if (id !== undefined) item.id = id;
  if (zoneIssues.length > 0) item.zoneIssues = zoneIssues;
  if (wallClock) item.wallClock = true;
  return item;
}

/**
 * Streams the trades of a trades CSV (the format `tj export trades --format csv` writes).
 * Columns are matched ignoring case, blanks, `_` and `-`; status, rMultiple, createdAt and
 * updatedAt are ignored (computed); an unknown or missing required column fails at the header.
 * A text cell loses the `'` the export adds before a formula-like start (see `restoreCsvCell`).
 */
export async function* readTradesCsv(chunks: CsvChunks): AsyncGenerator<TradeCsvItem> {
  const labels = new Map<string, string>();
  const onHeader = (header: CsvHeader): void => {
    checkTradesHeader(header);
    for (const name of header.names) labels.set(looseColumnName(name), name);
  };
  for await (const rows of readCsvBatches(chunks, { normalizeName: looseColumnName, onHeader })) {
    for (const row of rows) yield parseTradeRow(row, labels);
  }
}
