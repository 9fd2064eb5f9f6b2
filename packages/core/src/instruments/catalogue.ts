/**
 * The instrument catalogue: futures roots with their point value, tick size and currency, and
 * the contract spellings brokers use, resolved to root + expiry month.
 */

/** A futures root's contract specification. */
export interface FuturesSpec {
  root: string;
  /** Money per 1.0 of price per contract. */
  pointValue: number;
  tickSize: number;
  currency: string;
  exchange: 'CME' | 'CBOT' | 'NYMEX' | 'COMEX';
  name: string;
}

const spec = (
  root: string,
  pointValue: number,
  tickSize: number,
  exchange: FuturesSpec['exchange'],
  name: string,
  currency = 'USD',
): FuturesSpec => ({
  root,
  pointValue,
  tickSize,
  currency,
  exchange,
  name,
});

/** Common CME Group futures (CME, CBOT, NYMEX, COMEX: standard, minis and micros). */
export const FUTURES: ReadonlyMap<string, FuturesSpec> = new Map(
  [
    spec('ES', 50, 0.25, 'CME', 'E-mini S&P 500'),
    spec('MES', 5, 0.25, 'CME', 'Micro E-mini S&P 500'),
    spec('NQ', 20, 0.25, 'CME', 'E-mini Nasdaq-100'),
    spec('MNQ', 2, 0.25, 'CME', 'Micro E-mini Nasdaq-100'),
    spec('YM', 5, 1, 'CBOT', 'E-mini Dow'),
    spec('MYM', 0.5, 1, 'CBOT', 'Micro E-mini Dow'),
    spec('RTY', 50, 0.1, 'CME', 'E-mini Russell 2000'),
    spec('M2K', 5, 0.1, 'CME', 'Micro E-mini Russell 2000'),
    spec('CL', 1000, 0.01, 'NYMEX', 'Crude Oil'),
    spec('MCL', 100, 0.01, 'NYMEX', 'Micro WTI Crude Oil'),
    spec('GC', 100, 0.1, 'COMEX', 'Gold'),
    spec('MGC', 10, 0.1, 'COMEX', 'Micro Gold'),
    spec('SI', 5000, 0.005, 'COMEX', 'Silver'),
    spec('ZB', 1000, 1 / 32, 'CBOT', '30-Year U.S. Treasury Bond'),
    spec('6E', 125000, 0.00005, 'CME', 'Euro FX'),
    // Equity indexes
    spec('EMD', 100, 0.1, 'CME', 'E-mini S&P MidCap 400'),
    spec('NKD', 5, 5, 'CME', 'Nikkei 225 (Dollar)'),
    // Crypto
    spec('BTC', 5, 5, 'CME', 'Bitcoin'),
    spec('MBT', 0.1, 5, 'CME', 'Micro Bitcoin'),
    spec('ETH', 50, 0.25, 'CME', 'Ether'),
    spec('MET', 0.1, 0.5, 'CME', 'Micro Ether'),
    // Energy
    spec('QM', 500, 0.025, 'NYMEX', 'E-mini Crude Oil'),
    spec('NG', 10000, 0.001, 'NYMEX', 'Henry Hub Natural Gas'),
    spec('QG', 2500, 0.005, 'NYMEX', 'E-mini Natural Gas'),
    spec('MNG', 1000, 0.001, 'NYMEX', 'Micro Henry Hub Natural Gas'),
    spec('RB', 42000, 0.0001, 'NYMEX', 'RBOB Gasoline'),
    spec('HO', 42000, 0.0001, 'NYMEX', 'NY Harbor ULSD (Heating Oil)'),
    // Metals
    spec('SIL', 1000, 0.005, 'COMEX', 'Micro Silver'),
    spec('HG', 25000, 0.0005, 'COMEX', 'Copper'),
    spec('MHG', 2500, 0.0005, 'COMEX', 'Micro Copper'),
    spec('PL', 50, 0.1, 'NYMEX', 'Platinum'),
    spec('PA', 100, 0.5, 'NYMEX', 'Palladium'),
    // Interest rates (prices in points of par; ticks in fractions of a point)
    spec('ZT', 2000, 1 / 256, 'CBOT', '2-Year U.S. Treasury Note'),
    spec('ZF', 1000, 1 / 128, 'CBOT', '5-Year U.S. Treasury Note'),
    spec('ZN', 1000, 1 / 64, 'CBOT', '10-Year U.S. Treasury Note'),
    spec('TN', 1000, 1 / 64, 'CBOT', 'Ultra 10-Year U.S. Treasury Note'),
    spec('UB', 1000, 1 / 32, 'CBOT', 'Ultra U.S. Treasury Bond'),
    // Agriculture (grains priced in cents per bushel; livestock in cents per pound)
    spec('ZC', 50, 0.25, 'CBOT', 'Corn'),
    spec('ZS', 50, 0.25, 'CBOT', 'Soybeans'),
    spec('ZW', 50, 0.25, 'CBOT', 'Chicago SRW Wheat'),
    spec('ZO', 50, 0.25, 'CBOT', 'Oats'),
    spec('ZL', 600, 0.01, 'CBOT', 'Soybean Oil'),
    spec('ZM', 100, 0.1, 'CBOT', 'Soybean Meal'),
    spec('HE', 400, 0.025, 'CME', 'Lean Hogs'),
    spec('LE', 400, 0.025, 'CME', 'Live Cattle'),
    spec('GF', 500, 0.025, 'CME', 'Feeder Cattle'),
    // Currencies (U.S. dollars per unit; 6J in dollars per yen)
    spec('6A', 100000, 0.00005, 'CME', 'Australian Dollar'),
    spec('6B', 62500, 0.0001, 'CME', 'British Pound'),
    spec('6C', 100000, 0.00005, 'CME', 'Canadian Dollar'),
    spec('6J', 12500000, 0.0000005, 'CME', 'Japanese Yen'),
    spec('6S', 125000, 0.00005, 'CME', 'Swiss Franc'),
    spec('6N', 100000, 0.00005, 'CME', 'New Zealand Dollar'),
    spec('6M', 500000, 0.00001, 'CME', 'Mexican Peso'),
    spec('M6E', 12500, 0.0001, 'CME', 'Micro Euro FX'),
    spec('M6A', 10000, 0.0001, 'CME', 'Micro Australian Dollar'),
    spec('M6B', 6250, 0.0001, 'CME', 'Micro British Pound'),
  ].map((s) => [s.root, s]),
);

const MONTH_CODES = 'FGHJKMNQUVXZ';
const MONTH_NAMES = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** A futures contract read from a broker's spelling. */
export interface FuturesContract {
  root: string;
  /** Contract month as YYYY-MM. */
  month: string;
  spec: FuturesSpec | undefined;
}

function year(two: string): number {
  return two.length === 4 ? Number(two) : 2000 + Number(two.slice(-2));
}

/**
 * Reads a futures contract in the spellings brokers use: `ESZ4`, `ESZ24`, `/ESZ24`, `ESZ2024`
 * (TradingView), `ES DEC24`, `MNQ MAR25`, `MNQ 03-26`. Single-digit years are read in the decade of `now` (or the next, when
 * that would lie more than a year in the past). Undefined when the text is not a contract.
 *
 * @example parseFuturesContract('MNQ MAR25') // { root: 'MNQ', month: '2025-03', spec: {…pointValue: 2…} }
 */
export function parseFuturesContract(symbol: string, now = Date.now()): FuturesContract | undefined {
  const s = symbol.trim().toUpperCase().replace(/^\//, '');
  let m = /^([A-Z0-9]{1,4}?)([FGHJKMNQUVXZ])(\d{1,2}|20\d{2})$/.exec(s);
  if (m !== null) {
    const [, root, code, y] = m as unknown as [string, string, string, string];
    const month = MONTH_CODES.indexOf(code) + 1;
    let yy = y.length === 1 ? singleDigitYear(Number(y), month, now) : year(y);
    if (!Number.isFinite(yy)) yy = 2000;
    return contract(root, yy, month);
  }
  m = /^([A-Z0-9]{1,4})\s+([A-Z]{3})\s*(\d{2}|\d{4})$/.exec(s);
  if (m !== null) {
    const month = MONTH_NAMES.indexOf(m[2] as string) + 1;
    if (month > 0) return contract(m[1] as string, year(m[3] as string), month);
  }
  m = /^([A-Z0-9]{1,4})\s+(\d{2})-(\d{2})$/.exec(s);
  if (m !== null) {
    const month = Number(m[2]);
    if (month >= 1 && month <= 12) return contract(m[1] as string, year(m[3] as string), month);
  }
  return undefined;
}

function singleDigitYear(digit: number, month: number, now: number): number {
  const current = new Date(now).getUTCFullYear();
  let y = current - (current % 10) + digit;
  if (Date.UTC(y, month, 1) < now - 366 * 86_400_000) y += 10;
  return y;
}

function contract(root: string, y: number, month: number): FuturesContract {
  return { root, month: `${y}-${String(month).padStart(2, '0')}`, spec: FUTURES.get(root) };
}

/** An equity or index option contract, read from its OCC symbol or a broker's description. */
export interface OptionContract {
  /** The OCC root, usually the underlying's ticker (`SPY`, `SPXW`). */
  underlying: string;
  /** YYYY-MM-DD. */
  expiry: string;
  right: 'call' | 'put';
  strike: number;
}

const OCC = /^([A-Z][A-Z0-9.]{0,5})[\s-]*(\d{2})(\d{2})(\d{2})([CP])(\d{8})$/;

/**
 * Reads an OCC option symbol: root, expiry as YYMMDD, C or P, strike × 1000 in eight digits, with or
 * without the blanks that pad the root to six characters (`SPY250321C00570000`,
 * `SPY   250321C00570000`). Undefined when the text is not one.
 *
 * @example parseOccSymbol('SPY250321C00570000') // { underlying: 'SPY', expiry: '2025-03-21', right: 'call', strike: 570 }
 */
export function parseOccSymbol(symbol: string): OptionContract | undefined {
  const m = OCC.exec(symbol.trim().toUpperCase());
  if (m === null) return undefined;
  const [, root, yy, mm, dd, right, strike] = m as unknown as [string, string, string, string, string, string, string];
  const year = 2000 + Number(yy);
  const month = Number(mm);
  const day = Number(dd);
  if (month < 1 || month > 12 || day < 1 || day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return undefined;
  const strikeValue = Number(strike) / 1000;
  if (strikeValue <= 0) return undefined;
  return { underlying: root, expiry: `${year}-${mm}-${dd}`, right: right === 'C' ? 'call' : 'put', strike: strikeValue };
}

/**
 * The compact OCC symbol of an option (no padding blanks): the one spelling formats give option
 * fills, so the same contract groups together whichever way the broker wrote it.
 *
 * @example occSymbol({ underlying: 'SPY', expiry: '2025-03-21', right: 'call', strike: 570 }) // 'SPY250321C00570000'
 */
export function occSymbol(option: OptionContract): string {
  const [y, m, d] = option.expiry.split('-') as [string, string, string];
  const strike = String(Math.round(option.strike * 1000)).padStart(8, '0');
  return `${option.underlying.toUpperCase()}${y.slice(2)}${m}${d}${option.right === 'call' ? 'C' : 'P'}${strike}`;
}

const SHORT_OPTION = /^([A-Z][A-Z0-9.]{0,5})\s+(\d{2})(\d{2})(\d{2})([CP])(\d+(?:\.\d+)?)$/;

/**
 * Reads the short option spelling some platforms use (TradeStation): root, a blank, expiry as
 * YYMMDD, C or P and the strike as written (`SPY 250321C570`, `SPX 250321P5912.5`).
 *
 * @example parseShortOptionSymbol('SPY 250321C570') // { underlying: 'SPY', expiry: '2025-03-21', right: 'call', strike: 570 }
 */
export function parseShortOptionSymbol(symbol: string): OptionContract | undefined {
  const m = SHORT_OPTION.exec(symbol.trim().toUpperCase());
  if (m === null) return undefined;
  const [, root, yy, mm, dd, right, strike] = m as unknown as [string, string, string, string, string, string, string];
  return parseOccSymbol(`${root}${yy}${mm}${dd}${right}${String(Math.round(Number(strike) * 1000)).padStart(8, '0')}`);
}

// Option spellings of Interactive Brokers, thinkorswim and Schwab.

function isoDate(y: number, month: number, day: number): string | undefined {
  if (month < 1 || month > 12 || day < 1 || day > new Date(Date.UTC(y, month, 0)).getUTCDate()) return undefined;
  return `${y}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function optionOf(underlying: string, expiry: string | undefined, strike: number, right: string): OptionContract | undefined {
  if (expiry === undefined || !(strike > 0)) return undefined;
  return { underlying, expiry, strike, right: right.startsWith('C') ? 'call' : 'put' };
}

/**
 * Reads an option in Interactive Brokers' spellings: the statement's `CLOV 16JUL21 20.0 C`
 * (also for options on futures, `ES 20DEC24 5000 P`) and the OCC-style symbol of Flex queries,
 * `CLOV  210716C00020000`. Undefined when the text is neither.
 *
 * @example parseIbkrOptionSymbol('CLOV 16JUL21 20.0 C') // { underlying: 'CLOV', expiry: '2021-07-16', strike: 20, right: 'call' }
 */
export function parseIbkrOptionSymbol(symbol: string): OptionContract | undefined {
  const s = symbol.trim().toUpperCase();
  const m = /^([A-Z0-9.]+)\s+(\d{1,2})([A-Z]{3})(\d{2})\s+(\d+(?:\.\d+)?)\s+([CP])$/.exec(s);
  if (m !== null) {
    const [, underlying, day, mon, yy, strike, right] = m as unknown as string[];
    const expiry = isoDate(2000 + Number(yy), MONTH_NAMES.indexOf(mon as string) + 1, Number(day));
    return optionOf(underlying as string, expiry, Number(strike), right as string);
  }
  return parseOccSymbol(s);
}

/**
 * Reads thinkorswim's expiry spelling `25 MAR 26` (day, month, two-digit year) as YYYY-MM-DD.
 *
 * @example parseThinkorswimExpiry('25 MAR 26') // '2026-03-25'
 */
export function parseThinkorswimExpiry(text: string): string | undefined {
  const m = /^(\d{1,2})\s+([A-Z]{3})\s+(\d{2})$/.exec(text.trim().toUpperCase());
  if (m === null) return undefined;
  return isoDate(2000 + Number(m[3]), MONTH_NAMES.indexOf(m[2] as string) + 1, Number(m[1]));
}

/**
 * Reads an option as thinkorswim writes it in statements: `SPY 100 (Weeklys) 21 MAR 26 570 CALL`
 * or `SPY 21 MAR 26 570 PUT` (the deliverable and series note are optional).
 *
 * @example parseThinkorswimOption('SPY 100 (Weeklys) 21 MAR 26 570 CALL')?.expiry // '2026-03-21'
 */
export function parseThinkorswimOption(text: string): OptionContract | undefined {
  const m =
    /^(\/?[A-Z0-9.]+)\s+(?:\d+\s+)?(?:\([^)]*\)\s+)?(\d{1,2}\s+[A-Z]{3}\s+\d{2})\s+(?:\([^)]*\)\s+)?(\d+(?:\.\d+)?)\s+(CALL|PUT)$/.exec(
      text.trim().toUpperCase(),
    );
  if (m === null) return undefined;
  return optionOf(m[1] as string, parseThinkorswimExpiry(m[2] as string), Number(m[3]), m[4] as string);
}

/**
 * Reads an option as Schwab's transaction history writes its symbol: `SPY 03/21/2025 570.00 C`.
 *
 * @example parseSchwabOptionSymbol('SPY 03/21/2025 570.00 C') // { underlying: 'SPY', expiry: '2025-03-21', strike: 570, right: 'call' }
 */
export function parseSchwabOptionSymbol(symbol: string): OptionContract | undefined {
  const m = /^([A-Z0-9./]+)\s+(\d{2})\/(\d{2})\/(\d{4})\s+(\d+(?:\.\d+)?)\s+([CP])$/.exec(symbol.trim().toUpperCase());
  if (m === null) return undefined;
  const [, underlying, mm, dd, yyyy, strike, right] = m as unknown as string[];
  return optionOf(underlying as string, isoDate(Number(yyyy), Number(mm), Number(dd)), Number(strike), right as string);
}
