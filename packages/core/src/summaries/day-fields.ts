import { createHash } from 'node:crypto';

/**
 * The fields of a run of closed trades that the per-day summaries store, declared once: the name
 * each has in a segment's state (summaries/segment.ts), the column of `trade_day_summaries` that
 * holds it, its kind (which gives its value and SQL type) and how two consecutive runs' values
 * fold into one. The state type, the empty state, the SQL adapter's columns and row mapping, and
 * the version stamp written beside every row all derive from this table. Adding a field needs a
 * migration adding its column; the stamp then changes by itself, and rows written before are
 * rebuilt rather than served.
 */
export const DAY_FIELDS = {
  /** Closed trades. */
  trades: { column: 'trades', kind: 'integer', fold: 'sum' },
  /** Wins (result > 0) and losses (result < 0); the rest are breakeven. */
  wins: { column: 'wins', kind: 'integer', fold: 'sum' },
  losses: { column: 'losses', kind: 'integer', fold: 'sum' },
  /** Sum of the results. */
  pnl: { column: 'pnl', kind: 'money', fold: 'drawdown' },
  /** Sums of the winning results (≥ 0), the losing results (≤ 0) and the fees. */
  grossProfit: { column: 'gross_profit', kind: 'money', fold: 'sum' },
  grossLoss: { column: 'gross_loss', kind: 'money', fold: 'sum' },
  fees: { column: 'fees', kind: 'money', fold: 'sum' },
  /** Summed exitTime − entryTime of the wins and of the losses, ms. */
  winHoldMs: { column: 'win_hold_ms', kind: 'integer', fold: 'sum' },
  lossHoldMs: { column: 'loss_hold_ms', kind: 'integer', fold: 'sum' },
  /** Best win (0 without one) and worst loss (0 without one). */
  largestWin: { column: 'largest_win', kind: 'money', fold: 'max' },
  largestLoss: { column: 'largest_loss', kind: 'money', fold: 'min' },
  /** Highest and lowest running P&L from the run's start (the empty prefix counts: ≥ 0, ≤ 0). */
  maxPrefix: { column: 'max_prefix', kind: 'money', fold: 'drawdown' },
  minPrefix: { column: 'min_prefix', kind: 'money', fold: 'drawdown' },
  /** Deepest fall below the running peak inside the run (the peak starts at 0). */
  maxDrawdown: { column: 'max_drawdown', kind: 'money', fold: 'drawdown' },
  /** Signed streak at the start and at the end (+n wins, −n losses, 0 after a breakeven). */
  firstRun: { column: 'first_run', kind: 'integer', fold: 'streaks' },
  lastRun: { column: 'last_run', kind: 'integer', fold: 'streaks' },
  /** True when every trade of the (non-empty) run belongs to one streak. */
  oneRun: { column: 'one_run', kind: 'flag', fold: 'streaks' },
  /** The longest streaks of wins and of losses. */
  longestWin: { column: 'longest_win', kind: 'integer', fold: 'streaks' },
  longestLoss: { column: 'longest_loss', kind: 'integer', fold: 'streaks' },
  /** R multiples (scaled by 1e8): count, sum and sum of squares of all; count and sum of the wins' and the losses'. */
  rN: { column: 'r_n', kind: 'integer', fold: 'sum' },
  rSum: { column: 'r_sum', kind: 'exact', fold: 'sum' },
  rSq: { column: 'r_sq', kind: 'exact', fold: 'sum' },
  winRN: { column: 'win_r_n', kind: 'integer', fold: 'sum' },
  winRSum: { column: 'win_r_sum', kind: 'exact', fold: 'sum' },
  lossRN: { column: 'loss_r_n', kind: 'integer', fold: 'sum' },
  lossRSum: { column: 'loss_r_sum', kind: 'exact', fold: 'sum' },
} as const satisfies Record<string, FieldSpec>;

/**
 * Bump when what a field means changes while its declaration does not (how Segment.add computes
 * it, say): the stamp changes, and every stored row is rebuilt on its next read.
 */
export const DAY_FIELDS_REVISION = 1;

/**
 * How a field is held, in a segment and in its column: `integer` (counts, run lengths, ms) a
 * 64-bit integer; `money` micro-units in a double, as the scan sums them (a sum of the largest
 * allowed results outgrows 64 bits); `flag` 0 or 1; `exact` an exact sum of scaled R values, a
 * bigint stored as decimal text (a sum of squares outgrows 64 bits).
 */
export const KINDS = {
  integer: { sqlType: 'bigint', zero: 0, store: (v: number) => v, load: (v: number | string) => Number(v) },
  money: { sqlType: 'double', zero: 0, store: (v: number) => v, load: (v: number | string) => Number(v) },
  flag: { sqlType: 'bigint', zero: false, store: (v: boolean) => (v ? 1 : 0), load: (v: number | string) => Number(v) === 1 },
  exact: { sqlType: 'text', zero: 0n, store: (v: bigint) => v.toString(), load: (v: number | string) => BigInt(v) },
} as const;

/** A field's kind. */
export type FieldKind = keyof typeof KINDS;

/**
 * How two consecutive runs' values of a field make the value of the whole: `sum`, `max`, `min`,
 * or, where the order matters, by the drawdown fold (summaries/drawdown.ts) or the streak fold
 * (Segment.append), each of which reads its fields together.
 */
export type FieldFold = 'sum' | 'max' | 'min' | 'drawdown' | 'streaks';

/** One field's declaration. */
export interface FieldSpec {
  column: string;
  kind: FieldKind;
  fold: FieldFold;
}

type Fields = typeof DAY_FIELDS;
/** A field's name. */
export type FieldName = keyof Fields;
type ValueOf<K extends FieldKind> = K extends 'exact' ? bigint : K extends 'flag' ? boolean : number;

/** The state of a run of closed trades in (exitTime, id) order: every declared field's value. */
export type SegmentState = { -readonly [F in FieldName]: ValueOf<Fields[F]['kind']> };

/** A day's state as stored, with the stamp of the declaration it was written under ({@link DAY_FIELDS_VERSION}). */
export type StoredDay = SegmentState & { fieldsVersion: string };

/** A summary row's field columns as the drivers return them (PostgreSQL's BIGINT may arrive as a string). */
export type DaySummaryColumns = {
  [F in FieldName as Fields[F]['column']]: Fields[F]['kind'] extends 'exact' ? string : number;
};

const ENTRIES = Object.entries(DAY_FIELDS) as Array<[FieldName, FieldSpec]>;
/** Every field's name, in declaration order. */
export const FIELD_NAMES: readonly FieldName[] = ENTRIES.map(([name]) => name);
/** Every field's column, in declaration order. */
export const DAY_COLUMNS: ReadonlyArray<keyof DaySummaryColumns> = ENTRIES.map(([, f]) => f.column as keyof DaySummaryColumns);

/** The state of a run without trades. */
export function emptyState(): SegmentState {
  return Object.fromEntries(ENTRIES.map(([name, f]) => [name, KINDS[f.kind].zero])) as SegmentState;
}

/** `from`'s fields copied into `to`. */
export function copyState(to: SegmentState, from: SegmentState): void {
  const t = to as Record<FieldName, unknown>;
  for (const name of FIELD_NAMES) t[name] = from[name];
}

/** The columns of a state, as a summary row stores them. */
export function columnsOf(s: SegmentState): DaySummaryColumns {
  const store = (f: FieldSpec, v: unknown) => (KINDS[f.kind].store as (v: unknown) => number | string)(v);
  return Object.fromEntries(ENTRIES.map(([name, f]) => [f.column, store(f, s[name])])) as DaySummaryColumns;
}

/** The state a summary row's columns hold. */
export function stateOf(r: DaySummaryColumns): SegmentState {
  const row = r as Record<string, number | string>;
  return Object.fromEntries(
    ENTRIES.map(([name, f]) => [name, KINDS[f.kind].load(row[f.column] as number | string)]),
  ) as SegmentState;
}

type Folding<F extends FieldFold, V> = {
  [N in FieldName]: Fields[N]['fold'] extends F ? (SegmentState[N] extends V ? N : never) : never;
}[FieldName];
const folding = (fold: FieldFold, kind?: FieldKind) =>
  ENTRIES.filter(([, f]) => f.fold === fold && (kind === undefined ? f.kind !== 'exact' : f.kind === kind)).map(([n]) => n);
const SUMS = folding('sum') as Array<Folding<'sum', number>>;
const EXACT_SUMS = folding('sum', 'exact') as Array<Folding<'sum', bigint>>;
const MAXES = folding('max') as Array<Folding<'max', number>>;
const MINS = folding('min') as Array<Folding<'min', number>>;

/** Folds the `sum`, `max` and `min` fields of `b`, the run that follows `a`, into `a`. */
export function foldPlain(a: SegmentState, b: SegmentState): void {
  for (const k of SUMS) a[k] += b[k];
  for (const k of EXACT_SUMS) a[k] += b[k];
  for (const k of MAXES) a[k] = Math.max(a[k], b[k]);
  for (const k of MINS) a[k] = Math.min(a[k], b[k]);
}

/**
 * The version stamp of a declaration: a short hash of every field's name, column, kind, SQL type
 * and fold, in order, and of the revision. Any change to the declaration changes it.
 */
export function fieldsStamp(fields: Record<string, FieldSpec>, revision: number): string {
  const text = JSON.stringify([
    revision,
    ...Object.entries(fields).map(([n, f]) => [n, f.column, f.kind, KINDS[f.kind].sqlType, f.fold]),
  ]);
  return createHash('sha256').update(text).digest('hex').slice(0, 12);
}

/** The stamp written beside every summary row; a row with another stamp is rebuilt, never served. */
export const DAY_FIELDS_VERSION = fieldsStamp(DAY_FIELDS, DAY_FIELDS_REVISION);
