/**
 * Continuous (front-month) futures spellings of charting and data platforms, and the one
 * instrument a futures fill is booked under (docs/decisions.md, "Continuous futures").
 */
import { FUTURES, type FuturesSpec, parseFuturesContract } from '../../instruments/catalogue.js';

/** A continuous futures symbol: the root it follows and which contract month it stands for. */
export interface ContinuousFuture {
  root: string;
  /** 1 for the front month (`ES1!`, `@ES`, `ES=F`, `/ES`), 2 for the next (`ES2!`), … */
  rank: number;
  spec: FuturesSpec | undefined;
}

/** A root: one to four letters and digits, at least one a letter (`ES`, `6E`, `M2K`). */
const ROOT = '((?=[A-Z0-9]{0,3}[A-Z])[A-Z0-9]{1,4})';
const SPELLINGS: ReadonlyArray<readonly [RegExp, 'rank' | 1]> = [
  [new RegExp(`^${ROOT}([1-9])!$`), 'rank'], // TradingView: ES1!, NQ2!
  [new RegExp(`^@${ROOT}(?:#C?)?$`), 1], // TradeStation @ES, IQFeed @ES# (and back-adjusted @ES#C)
  [new RegExp(`^${ROOT}=F$`), 1], // Yahoo Finance: ES=F
  [new RegExp(`^/${ROOT}$`), 1], // thinkorswim: /ES
];

/**
 * Reads a continuous futures symbol, with or without an exchange or feed prefix (`CME_MINI:`):
 * TradingView's `ES1!` and `ES2!`, TradeStation's `@ES`, IQFeed's `@ES#`, Yahoo's `ES=F` and
 * thinkorswim's `/ES`. A contract with its month (`/ESZ24`, `ESZ4`) is not continuous: undefined.
 *
 * @example parseContinuousFuture('CME_MINI:NQ1!') // { root: 'NQ', rank: 1, spec: {…pointValue: 20…} }
 */
export function parseContinuousFuture(symbol: string): ContinuousFuture | undefined {
  const s = symbol
    .trim()
    .toUpperCase()
    .replace(/^[A-Z0-9_]+:/, '');
  for (const [pattern, rank] of SPELLINGS) {
    const m = pattern.exec(s);
    if (m === null) continue;
    const root = m[1] as string;
    if (parseFuturesContract(root) !== undefined) return undefined; // /ESZ4, @ESZ4: a contract
    return { root, rank: rank === 'rank' ? Number(m[2]) : 1, spec: FUTURES.get(root) };
  }
  return undefined;
}

/**
 * The futures root of a contract (`ESZ24`, `MNQ MAR25`) or continuous (`ES1!`, `@ES`) spelling,
 * with its catalogue entry when there is one. Undefined when the text is neither.
 *
 * @example futuresRoot('ES=F') // { root: 'ES', spec: {…pointValue: 50…} }
 */
export function futuresRoot(symbol: string): { root: string; spec: FuturesSpec | undefined } | undefined {
  return parseFuturesContract(symbol) ?? parseContinuousFuture(symbol);
}

/**
 * The instrument a futures fill is booked under: a front-month continuous spelling is its root
 * (`ES1!`, `@ES`, `ES=F`, `/ES` are all `ES`), a later month keeps TradingView's spelling
 * (`ES2!`), so it is never matched against the front month; anything else stays as written.
 *
 * @example futuresInstrument('MNQ1!') // 'MNQ'
 */
export function futuresInstrument(symbol: string): string {
  const continuous = parseContinuousFuture(symbol);
  if (continuous === undefined) return symbol;
  return continuous.rank === 1 ? continuous.root : `${continuous.root}${continuous.rank}!`;
}
