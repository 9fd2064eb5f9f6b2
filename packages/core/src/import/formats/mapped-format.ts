/**
 * A generic mapping for any other CSV: the user names which of the file's columns is the time,
 * symbol, side, quantity, price and fees (plus a date pattern), and this builds a format from it
 * that reads through the same pipeline as the built-in ones.
 */
import { type MappingProfile, mappingProfileSchema } from '@tj/schemas';
import { validationError } from '../../shared/errors.js';
import { parseInput } from '../../shared/validate.js';
import { cellError, lineError } from '../read/cell-error.js';
import { parseDateTime } from '../values/plain.js';
import { parseWallClock } from '../values/broker.js';
import { columnKey, type HeaderRow, headerIndex, headerRow } from '../read/csv-records.js';
import {
  amountCell,
  costsCell,
  parseWallClockAny,
  priceCell,
  requiredText,
  sideCell,
  US_DATE_TIMES,
  withCells,
} from './parts/cells.js';
import { defineFormat } from './registry.js';
import type { BrokerFill, BrokerFormat, BrokerTime, CsvLine, FileHead, FormatInput } from './types.js';

/** Our field names a mapping can give, and whether each is required. */
export const MAPPED_FIELDS = {
  time: true,
  symbol: true,
  side: false,
  quantity: true,
  price: true,
  commission: false,
  fees: false,
  account: false,
  execId: false,
  date: false,
} as const;

export { type MappingProfile, mappingProfileSchema } from '@tj/schemas';

/**
 * Reads `field=Column,field="Column, with comma"` (the `--map` flag's inline form) into columns.
 *
 * @example parseColumnMap('time="Exec Time",symbol=Symbol') // { time: 'Exec Time', symbol: 'Symbol' }
 */
export function parseColumnMap(text: string): Record<string, string> {
  const columns: Record<string, string> = {};
  const pair = /\s*([A-Za-z]+)\s*=\s*(?:"((?:[^"]|"")*)"|([^,]*))\s*(?:,|$)/y;
  let at = 0;
  while (at < text.length) {
    pair.lastIndex = at;
    const m = pair.exec(text);
    if (m === null || m[0] === '') {
      throw validationError([
        { path: 'map', message: `cannot read "${text.slice(at)}": write field=Column pairs separated by commas` },
      ]);
    }
    const field = m[1] as string;
    if (!(field in MAPPED_FIELDS)) {
      throw validationError([
        { path: 'map', message: `unknown field "${field}"; fields: ${Object.keys(MAPPED_FIELDS).join(', ')}` },
      ]);
    }
    columns[field] = (m[2] !== undefined ? m[2].replaceAll('""', '"') : (m[3] as string)).trim();
    at = pair.lastIndex;
  }
  return columns;
}

/** The profile, checked: a `validation_failed` error naming each bad field. */
export function checkMappingProfile(input: unknown): MappingProfile {
  return parseInput(mappingProfileSchema, input);
}

/**
 * A mapping as the `map` option writes it: a JSON object (a profile) or `field=Column` pairs;
 * `datePattern`, when given, wins over the profile's. Errors name the mapping's bad parts.
 *
 * @example mappingFromText('time=Time,symbol=Symbol,side=Side,quantity=Qty,price=Price', 'M/d/yyyy H:mm')
 */
export function mappingFromText(text: string, datePattern?: string): MappingProfile {
  const trimmed = text.trim();
  let raw: unknown;
  if (trimmed.startsWith('{')) {
    try {
      raw = JSON.parse(trimmed);
    } catch (e) {
      throw validationError([{ path: 'map', message: `not JSON (${e instanceof Error ? e.message : String(e)})` }]);
    }
  } else {
    raw = { columns: parseColumnMap(trimmed) };
  }
  if (datePattern !== undefined && typeof raw === 'object' && raw !== null) raw = { ...raw, datePattern };
  return checkMappingProfile(raw);
}

function mappedColumns(profile: MappingProfile): string[] {
  return Object.values(profile.columns).filter((c): c is string => c !== undefined);
}

/** The first of the head's first records that holds every mapped column. */
function headerLine(head: FileHead, required: readonly string[]): CsvLine | undefined {
  return head.records.slice(0, 20).find((r) => {
    const index = headerIndex(r.cells);
    return required.every((c) => index.has(columnKey(c)));
  });
}

function timeOf(row: HeaderRow, profile: MappingProfile): BrokerTime {
  const { time, date } = profile.columns;
  const raw = date === undefined ? requiredText(row, time) : `${requiredText(row, date)} ${requiredText(row, time)}`;
  const column = date === undefined ? time : `${date} + ${time}`;
  if (profile.datePattern !== undefined) {
    const w = parseWallClock(raw, profile.datePattern);
    if (!w.ok) throw cellError(row.line, column, w.message);
    return { wall: w.value };
  }
  const instant = parseDateTime(raw);
  if (instant.ok) return { utc: instant.value };
  const w = parseWallClockAny(raw, US_DATE_TIMES);
  if (!w.ok) throw cellError(row.line, column, `${w.message}; give the date pattern of the file`);
  return { wall: w.value };
}

function readRow(row: HeaderRow, profile: MappingProfile): BrokerFill {
  const c = profile.columns;
  const locale = profile.locale ?? 'us';
  const signed = amountCell(row, c.quantity, locale);
  let side: 'buy' | 'sell';
  if (c.side !== undefined) side = sideCell(row, c.side, 'buy or sell');
  else if (signed !== 0) side = signed > 0 ? 'buy' : 'sell';
  else throw cellError(row.line, c.quantity, `"${row.get(c.quantity)}" is not a quantity other than 0`);
  const quantity = Math.abs(signed);
  if (!(quantity > 0)) throw cellError(row.line, c.quantity, `"${row.get(c.quantity)}" is not a quantity greater than 0`);
  const fill: BrokerFill = {
    kind: 'fill',
    line: row.line,
    time: timeOf(row, profile),
    symbol: requiredText(row, c.symbol),
    side,
    quantity,
    price: priceCell(row, c.price, locale),
    // A mapping without a commission or fees column states no costs (a commission schedule may apply).
    ...(c.commission !== undefined && { commission: costsCell(row, [c.commission]) }),
    ...(c.fees !== undefined && { fees: costsCell(row, [c.fees]) }),
  };
  if (profile.assetClass !== undefined) fill.assetClass = profile.assetClass;
  if (profile.multiplier !== undefined) fill.multiplier = profile.multiplier;
  return withCells(fill, row, {
    ...(c.account !== undefined && { account: c.account }),
    ...(c.execId !== undefined && { execId: c.execId }),
  });
}

/**
 * The rows under the first record that names every mapped column (title lines above it are
 * skipped; a header with only some of them is an error naming the rest). Blank records are skipped.
 */
async function* rowsUnderHeader(input: FormatInput, required: readonly string[]): AsyncGenerator<HeaderRow[]> {
  if (input.kind !== 'csv') return;
  let index: Map<string, number> | undefined;
  for await (const batch of input.records) {
    const rows: HeaderRow[] = [];
    for (const record of batch) {
      if (index !== undefined) {
        if (record.cells.some((cell) => cell.trim() !== '')) rows.push(headerRow(index, record));
        continue;
      }
      const candidate = headerIndex(record.cells);
      const missing = required.filter((c) => !candidate.has(columnKey(c)));
      if (missing.length > 0 && missing.length < required.length) {
        throw lineError(record.line, `the header lacks the mapped columns ${missing.join(', ')}`);
      }
      if (missing.length === 0) index = candidate;
    }
    if (rows.length > 0) yield rows;
  }
  if (index === undefined) throw lineError(1, `no header with the mapped columns ${required.join(', ')}`);
}

/**
 * A format built from a mapping profile (named `profile.name`, else `mapped`): it detects a file
 * whose header has every mapped column, and reads one fill per row.
 *
 * @example mappedFormat({ columns: { time: 'Exec Time', symbol: 'Symbol', side: 'Side', quantity: 'Qty', price: 'Price' }, datePattern: 'M/d/yyyy H:mm:ss' })
 */
export function mappedFormat(input: MappingProfile): BrokerFormat {
  const profile = checkMappingProfile(input);
  const required = mappedColumns(profile);
  return defineFormat({
    name: profile.name ?? 'mapped',
    broker: 'Mapped CSV',
    title: profile.name === undefined ? 'from --map' : `"${profile.name}"`,
    exportHint: 'any CSV with one row per execution',
    reads: `executions from the columns ${required.join(', ')}`,
    timeRule:
      profile.datePattern === undefined
        ? 'ISO with an offset as written; naive: read in --source-tz'
        : `naive (${profile.datePattern}): read in --source-tz`,
    sampleHeader: required.join(','),
    requiredColumns: required,
    order: 'unordered',
    detect: (head) => (headerLine(head, required) === undefined ? 0 : 0.9),
    async *read(input) {
      for await (const rows of rowsUnderHeader(input, required)) yield rows.map((row) => readRow(row, profile));
    },
  });
}
