/**
 * Our own files as formats of the registry: the trades CSV (`tj export trades --format csv`) and
 * the fills CSV (one row per execution), so one path reads every file.
 */
import { type CsvHeader, CsvRowMapper, headerFromRecord, isBlankRecord, looseColumnName } from '../../read/csv-columns.js';
import { FILL_COLUMNS, FILL_REQUIRED_COLUMNS, FillColumns, parseFillCells } from './fills-csv.js';
import { checkTradesHeader, parseTradeRow } from './trades-csv-read.js';
import { TRADE_INPUT_FIELDS } from '../trade-input.js';
import { TRADE_COMPUTED_COLUMNS } from './trades-csv-write.js';
import { CoreError, ErrorCode } from '../../../shared/errors.js';
import { defineFormat } from '../registry.js';
import type {
  BrokerFill,
  CsvLine,
  FileHead,
  FileOrderName,
  FormatInput,
  FormatRecord,
  ReadOptions,
  TradeRecord,
} from '../types.js';
import { parseOccSymbol } from '../../../instruments/catalogue.js';
import { parseTimeCell } from '../../values/plain.js';
import { REMOVAL_EFFECTS } from '../parts/fill-marks.js';
import { timeKey } from '../parts/paired-fills.js';
import { zoneIssueWarning } from '../parts/zone-warning.js';

const TRADE_REQUIRED = ['instrument', 'direction', 'entryPrice', 'positionSize', 'entryTime'];
const TRADE_KNOWN = new Set([...['id', ...TRADE_INPUT_FIELDS, ...TRADE_COMPUTED_COLUMNS].map(looseColumnName)]);
const FILL_KNOWN = new Set(FILL_COLUMNS);

/** The first non-blank record of the head: our files' header. */
function headerOf(head: FileHead): CsvLine | undefined {
  return head.records.find((r) => !isBlankRecord(r.cells));
}

/** 0.99 when the header has the required columns and only known ones; 0.6 with unknown ones (reading then names them). */
function ownScore(head: FileHead, required: readonly string[], known: ReadonlySet<string>): number {
  const header = headerOf(head);
  if (header === undefined) return 0;
  const keys = header.cells.map(looseColumnName).filter((k) => k !== '');
  if (!required.every((r) => keys.includes(looseColumnName(r)))) return 0;
  return keys.every((k) => known.has(k)) ? 0.99 : 0.6;
}

/** Reads a headed CSV with our row mapper: `check` sees the header, `row` turns each row into a record. */
async function* readHeaded(
  input: FormatInput,
  options: ReadOptions,
  check: (header: CsvHeader) => void,
  row: (mapper: CsvRowMapper, labels: Map<string, string>, record: CsvLine) => FormatRecord[],
): AsyncGenerator<FormatRecord[]> {
  if (input.kind !== 'csv') return;
  let mapper: CsvRowMapper | undefined;
  const labels = new Map<string, string>();
  for await (const batch of input.records) {
    const out: FormatRecord[] = [];
    for (const record of batch) {
      if (mapper === undefined) {
        if (isBlankRecord(record.cells)) continue;
        const header = headerFromRecord(record);
        check(header);
        for (const name of header.names) labels.set(looseColumnName(name), name);
        mapper = new CsvRowMapper(header, looseColumnName);
        continue;
      }
      try {
        out.push(...row(mapper, labels, record));
      } catch (e) {
        if (options.skipInvalid !== true || !(e instanceof CoreError) || e.code !== ErrorCode.validationFailed) throw e;
        out.push({ kind: 'invalid', line: record.line, message: e.message, raw: record.cells.join(',') });
      }
    }
    yield out;
  }
}

/** Whether a cell holds a value. */
const stated = (cell: string | undefined): boolean => cell !== undefined && cell.trim() !== '';

/** Our trades CSV: one row per trade, imported as is. */
export const tjTradesCsv = defineFormat({
  name: 'tj-trades',
  broker: 'Trading journal',
  title: 'Trades CSV',
  exportHint: 'tj export trades --format csv (or any CSV with these columns)',
  reads: 'one trade per row: instrument, direction, entryPrice, positionSize, entryTime, and the optional trade fields',
  timeRule: 'entryTime/exitTime with Z or an offset as written; naive (no offset): read in --source-tz',
  sampleHeader:
    'id,instrument,direction,entryPrice,positionSize,entryTime,stopLoss,takeProfit,setupType,notes,tags,fees,multiplier,exitPrice,exitTime,result',
  requiredColumns: TRADE_REQUIRED,
  detect: (head) => ownScore(head, TRADE_REQUIRED, TRADE_KNOWN),
  readsInvalidRows: true,
  read: (input, options) =>
    readHeaded(input, options, checkTradesHeader, (mapper, labels, record) => {
      const row = mapper.map(record);
      if (row === undefined) return [];
      const item = parseTradeRow(row, labels, options.sourceTz);
      const trade: TradeRecord = { kind: 'trade', line: item.line, importKey: item.importKey, input: item.input };
      if (item.id !== undefined) trade.id = item.id;
      trade.wallClock = item.wallClock === true;
      const warnings = (item.zoneIssues ?? []).map(
        ({ column, issue }): FormatRecord => ({
          kind: 'warning',
          ...zoneIssueWarning(item.line, issue, options.sourceTz as string, column),
        }),
      );
      return [...warnings, trade];
    }),
});

/** The order of a fills CSV from its head: newest-first when times go down more often than up. */
function fillsOrder(head: FileHead): FileOrderName {
  const header = headerOf(head);
  if (header === undefined) return 'chronological';
  const column = header.cells.findIndex((c) => looseColumnName(c) === 'datetime');
  let previous: number | undefined;
  let ups = 0;
  let downs = 0;
  for (const r of head.records) {
    if (r === header) continue;
    const t = parseTimeCell((r.cells[column] ?? '').trim());
    if (!t.ok) continue;
    const at = timeKey(t.value);
    if (previous !== undefined) {
      if (at > previous) ups++;
      else if (at < previous) downs++;
    }
    previous = at;
  }
  return downs > ups ? 'newest-first' : 'chronological';
}

/** Our fills CSV: one row per execution, matched FIFO into trades. */
export const tjFillsCsv = defineFormat({
  name: 'tj-fills',
  broker: 'Trading journal',
  title: 'Fills CSV',
  exportHint: 'any CSV with these columns (one row per execution)',
  reads:
    'executions: datetime, symbol, side, quantity, price; optional commission, fees, exec_id, account, multiplier, tags, note, order_id, action',
  timeRule: 'datetime with Z or an offset as written; naive (no offset): read in --source-tz',
  sampleHeader:
    'datetime,symbol,side,quantity,price,commission,fees,exec_id,account,multiplier,tags,note,order_id,action,currency',
  requiredColumns: FILL_REQUIRED_COLUMNS,
  detect: (head) => ownScore(head, FILL_REQUIRED_COLUMNS, FILL_KNOWN),
  order: fillsOrder,
  readsInvalidRows: true,
  read: (input, options) => {
    const columns = new FillColumns();
    return readHeaded(input, options, columns.check, (mapper, labels, record) => {
      const row = mapper.map(record);
      if (row === undefined) return [];
      const f = parseFillCells(row, labels);
      const fill: BrokerFill = {
        kind: 'fill',
        line: f.line,
        time: f.time,
        account: f.account,
        symbol: f.symbol,
        side: f.side,
        quantity: f.quantity,
        price: f.price,
        multiplier: f.multiplier,
      };
      // A blank or absent cell states no cost (a commission schedule may then apply); 0 states one.
      if (stated(row.fields.commission)) fill.commission = f.commission;
      if (stated(row.fields.fees)) fill.fees = f.fees;
      if (f.execId !== undefined) fill.execId = f.execId;
      // An OCC symbol is that option (its legs can then form a strategy); the multiplier stays the file's.
      const option = parseOccSymbol(f.symbol);
      if (option !== undefined) Object.assign(fill, { assetClass: 'option', ...option });
      if (f.orderRef !== undefined) fill.orderId = f.orderRef;
      if (f.action !== undefined) fill.effect = REMOVAL_EFFECTS[f.action];
      if (f.tags.length > 0) fill.tags = f.tags;
      if (f.note !== '') fill.note = f.note;
      if (f.details?.currency !== undefined) fill.currency = f.details.currency;
      return [fill];
    });
  },
});

/** Our own formats, first in the registry. */
export const OWN_FORMATS = [tjTradesCsv, tjFillsCsv] as const;
