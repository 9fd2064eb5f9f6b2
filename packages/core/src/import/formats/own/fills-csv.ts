import type { FieldError } from '../../../shared/errors.js';
import { validationError } from '../../../shared/errors.js';
import { cellIssue } from '../../read/cell-error.js';
import type { TradeImportInput } from '../trade-input.js';
import type { CsvChunks } from '../../read/chunks.js';
import { type CsvReadOptions, type NumberedLine, readCsvBatches, readCsvReversed } from '../../read/csv-rows.js';
import { type CsvHeader, type CsvRow, looseColumnName } from '../../read/csv-columns.js';
import type { BrokerTime } from '../types.js';
import { type Parsed, parseDateTime, parseDecimal, parseTags, parseTimeCell } from '../../values/plain.js';
import { MAX_FILL_QUANTITY } from '../../values/quantity.js';
import { plainNumber } from '@tj/schemas';

/** Side of an execution. */
export type FillSide = 'buy' | 'sell';

/** One execution read from a fills CSV. */
export interface Fill {
  /** Physical line of the row, for error messages. */
  line: number;
  /** Epoch milliseconds (UTC). */
  datetime: number;
  symbol: string;
  side: FillSide;
  /** > 0; matched at a resolution of 1e-8. */
  quantity: number;
  /** > 0; 0 for an option's expiry, assignment or exercise (`action`). */
  price: number;
  /** ≥ 0, money. */
  commission: number;
  /** ≥ 0, money. */
  fees: number;
  execId?: string;
  /** '' when the column is absent or empty. */
  account: string;
  /** > 0, default 1. */
  multiplier: number;
  tags: string[];
  /** '' when empty. */
  note: string;
  /** What the file says of the instrument (asset class, option details, …); the trade keeps it. */
  details?: FillDetails;
  /** The import's dedup key of this execution (set by the import before matching). */
  execKey?: string;
  /** A stored execution replayed to continue an open trade of an earlier import: not written again. */
  seed?: { tradeKey: string };
  /** The broker's own P&L booked on this fill, in micros, and whether it is net of fees or gross. */
  brokerPnl?: { micros: number; basis: 'net' | 'gross' };
  /**
   * The broker's order (or combo) reference: legs opened by one order become one position
   * (docs/analytics.md, "Option strategies").
   */
  orderRef?: string;
  /** Its commission came from the account's commission schedule (the file states no fees): see `import/engine/commission.ts`. */
  scheduledFees?: true;
  /** An option leaving the account by expiry, assignment or exercise (absent for a trade). */
  action?: 'expiry' | 'assignment' | 'exercise';
  /** The broker's rate from the fill's currency to the account's base currency, decimal text. */
  fxRate?: string;
}

/** Instrument details a fill may carry into its trade. */
export type FillDetails = Pick<TradeImportInput, 'assetClass' | 'currency' | 'underlying' | 'expiry' | 'strike' | 'right'>;

/** The columns of our fills CSV, as loose names (case, spaces, `_` and `-` ignored). */
export const FILL_COLUMNS: readonly string[] = [
  'datetime',
  'symbol',
  'side',
  'quantity',
  'price',
  'commission',
  'fees',
  'execid',
  'account',
  'multiplier',
  'tags',
  'note',
  'orderid',
  'action',
  'currency',
];
/** The columns a fills CSV must have. */
export const FILL_REQUIRED_COLUMNS: readonly string[] = ['datetime', 'symbol', 'side', 'quantity', 'price'];
const SIDES: Record<string, FillSide> = { buy: 'buy', b: 'buy', bot: 'buy', sell: 'sell', s: 'sell', sld: 'sell' };
/** The `action` cell: an option leaving the account (blank or `trade`: an ordinary trade). */
const ACTIONS: Record<string, NonNullable<Fill['action']> | undefined> = {
  '': undefined,
  trade: undefined,
  expiry: 'expiry',
  assignment: 'assignment',
  exercise: 'exercise',
};

/** The header check and column labels of a fills CSV. */
export class FillColumns {
  readonly labels = new Map<string, string>();

  check = (header: CsvHeader): void => {
    const errors: FieldError[] = [];
    for (const name of header.names) {
      const key = looseColumnName(name);
      if (!FILL_COLUMNS.includes(key)) errors.push(cellIssue(header.line, name, 'unknown column'));
      this.labels.set(key, name);
    }
    for (const key of FILL_REQUIRED_COLUMNS)
      if (!this.labels.has(key)) errors.push(cellIssue(header.line, key, 'required column is missing'));
    if (errors.length > 0) throw validationError(errors);
  };
}

/** A fills CSV row as read: a fill with its time as written (an instant, or a wall-clock time). */
export type FillCells = Omit<Fill, 'datetime'> & { time: BrokerTime };

/**
 * Parses one fills CSV row whose `datetime` may be naive: such a time comes back as `{ wall }`,
 * to be read in the source zone. Throws naming every bad cell of the row.
 */
export function parseFillCells(row: CsvRow, labels: ReadonlyMap<string, string> = new Map()): FillCells {
  return parseRow(row, labels, parseTimeCell, (time) => time);
}

/** Parses one fills CSV row, its `datetime` with Z or an offset; throws naming every bad cell of the row. */
export function parseFillRow(row: CsvRow, labels: ReadonlyMap<string, string> = new Map()): Fill {
  const { time, ...fill } = parseRow(row, labels, parseDateTime, (utc) => ({ utc }));
  return { ...fill, datetime: time.utc };
}

function parseRow<T, Time extends BrokerTime>(
  row: CsvRow,
  labels: ReadonlyMap<string, string>,
  parseTime: (raw: string) => Parsed<T>,
  timeOf: (value: T) => Time,
): Omit<Fill, 'datetime'> & { time: Time } {
  const errors: FieldError[] = [];
  const fail = (key: string, message: string): undefined => {
    errors.push(cellIssue(row.line, labels.get(key) ?? key, message));
    return undefined;
  };
  const text = (key: string): string => row.fields[key]?.trim() ?? '';
  const parse = <T>(key: string, parser: (raw: string) => Parsed<T>): T | undefined => {
    const raw = text(key);
    if (raw === '') return FILL_REQUIRED_COLUMNS.includes(key) ? fail(key, 'required') : undefined;
    const r = parser(raw);
    return r.ok ? r.value : fail(key, r.message);
  };
  const amount = (key: string, min: 'positive' | 'non-negative'): number | undefined => {
    const n = parse(key, parseDecimal);
    if (n === undefined) return undefined;
    if (min === 'positive' && n <= 0) return fail(key, 'must be greater than 0');
    if (min === 'non-negative' && n < 0) return fail(key, 'must be 0 or more (write costs as positive amounts)');
    return n;
  };
  const datetime = parse('datetime', parseTime);
  const symbol = text('symbol');
  if (symbol === '') fail('symbol', 'required');
  else if (symbol.length > 64) fail('symbol', 'at most 64 characters');
  const rawSide = text('side');
  const side = SIDES[rawSide.toLowerCase()];
  if (side === undefined)
    fail('side', rawSide === '' ? 'required' : `"${rawSide}" is not a side: use buy/sell (or b/s, bot/sld)`);
  const quantity = amount('quantity', 'positive');
  if (quantity !== undefined && quantity > MAX_FILL_QUANTITY) fail('quantity', `at most ${plainNumber(MAX_FILL_QUANTITY)}`);
  if (quantity !== undefined && Math.round(quantity * 1e8) === 0)
    fail('quantity', 'below the smallest quantity matched (0.00000001)');
  const rawAction = text('action');
  const action = ACTIONS[rawAction.toLowerCase()];
  if (action === undefined && !(rawAction.toLowerCase() in ACTIONS))
    fail('action', `"${rawAction}" is not an action: use expiry, assignment or exercise (blank or trade for a trade)`);
  const price = action === undefined ? amount('price', 'positive') : removalPrice(text('price'), fail);
  const commission = amount('commission', 'non-negative') ?? 0;
  const fees = amount('fees', 'non-negative') ?? 0;
  const multiplier = amount('multiplier', 'positive') ?? 1;
  const execId = text('execid');
  if (execId.length > 128) fail('execid', 'at most 128 characters');
  const account = text('account');
  if (account.length > 64) fail('account', 'at most 64 characters');
  const tags = parse('tags', parseTags) ?? [];
  const note = text('note');
  const orderRef = text('orderid');
  if (orderRef.length > 128) fail('orderid', 'at most 128 characters');
  const currency = text('currency').toUpperCase();
  if (currency !== '' && !/^[A-Z0-9]{2,10}$/.test(currency)) fail('currency', `"${currency}" is not a currency code such as USD`);
  if (errors.length > 0) throw validationError(errors);
  const fill: Omit<Fill, 'datetime'> & { time: Time } = {
    line: row.line,
    time: timeOf(datetime as T),
    symbol,
    side: side as FillSide,
    quantity: quantity as number,
    price: price as number,
    commission,
    fees,
    account,
    multiplier,
    tags,
    note,
  };
  if (execId !== '') fill.execId = execId;
  if (orderRef !== '') fill.orderRef = orderRef;
  if (action !== undefined) fill.action = action;
  if (currency !== '') fill.details = { currency };
  return fill;
}

/** The price of an option's expiry, assignment or exercise: 0 (blank reads as 0). */
function removalPrice(raw: string, fail: (key: string, message: string) => undefined): number | undefined {
  if (raw === '') return 0;
  const r = parseDecimal(raw);
  if (!r.ok) return fail('price', r.message);
  if (r.value !== 0)
    return fail('price', 'must be 0 (or blank) for an expiry, assignment or exercise: the stock it delivers is a row of its own');
  return 0;
}

/** Options of {@link readFillsCsv}. */
export interface FillsCsvOptions {
  /** A known header (the input then has no header row). */
  header?: CsvHeader | readonly string[];
  /** Receives the header once it is read (e.g. to read the same file backwards later). */
  onHeader?: (header: CsvHeader) => void;
}

function csvOptions(columns: FillColumns, options: FillsCsvOptions): CsvReadOptions {
  const onHeader = (header: CsvHeader): void => {
    columns.check(header);
    options.onHeader?.(header);
  };
  const base: CsvReadOptions = { normalizeName: looseColumnName, onHeader };
  return options.header === undefined ? base : { ...base, header: options.header };
}

/**
 * Streams the fills of a fills CSV in file order. Columns: `datetime` (with Z or an offset),
 * `symbol`, `side`, `quantity`, `price`, optional `commission`, `fees`, `exec_id`, `account`,
 * `multiplier`, `tags` (`;`-separated), `note`, `order_id`, `action` (expiry, assignment or
 * exercise, at price 0); names match ignoring case, blanks, `_`, `-`.
 */
export async function* readFillsCsv(chunks: CsvChunks, options: FillsCsvOptions = {}): AsyncGenerator<Fill> {
  const columns = new FillColumns();
  for await (const rows of readCsvBatches(chunks, csvOptions(columns, options))) {
    for (const row of rows) yield parseFillRow(row, columns.labels);
  }
}

/**
 * Streams the fills of a fills CSV read backwards (`lines` last to first, e.g. the CLI's
 * `reverseLines(path)`), so a newest-first file comes out oldest first. `header` is the file's
 * header (from {@link readCsvHeader} or `onHeader` of a forward pass).
 */
export async function* readFillsCsvReversed(
  lines: AsyncIterable<NumberedLine> | Iterable<NumberedLine>,
  header: CsvHeader,
): AsyncGenerator<Fill> {
  const columns = new FillColumns();
  const options = { ...csvOptions(columns, {}), header };
  for await (const row of readCsvReversed(lines, options)) yield parseFillRow(row, columns.labels);
}
