import { toMicros } from '../../shared/money.js';
import { cellError } from '../read/cell-error.js';
import type { Fill } from '../formats/own/fills-csv.js';
import { fillMarks } from '../formats/parts/fill-marks.js';
import { zoneIssueWarning } from '../formats/parts/zone-warning.js';
import type { BrokerFill } from '../formats/types.js';
import { futuresInstrument, futuresRoot } from '../values/futures-symbols.js';
import { wallClockToInstant } from '../values/zoned-time.js';
import { addWarning, type BrokerFileReport } from './file-report.js';
import { givenAccount } from './given-account.js';

/** What turning a broker fill into a fill takes of the import's options. */
export interface FillOptions {
  /** IANA zone that naive (wall-clock) times are read in. */
  sourceTz: string;
  /** The account of a file without one. */
  account?: string;
  /** Point values by futures root: override the catalogue and the file. */
  pointValues?: Readonly<Record<string, number>>;
}

/** Effects whose fill closes an option at a price of 0 (the premium stays; a delivery is its own fill). */
const CLOSES_AT_ZERO: ReadonlySet<string> = new Set(['expired', 'assigned', 'exercised']);

/**
 * The multiplier of a fill: the user's point value for its futures root, else stated by the
 * file, else from the futures catalogue, or 1 for stocks; never guessed.
 */
function multiplierOf(f: BrokerFill, pointValues: Readonly<Record<string, number>> | undefined): number {
  const contract = f.assetClass === 'future' || pointValues !== undefined ? futuresRoot(f.symbol) : undefined;
  const given = contract === undefined ? undefined : pointValues?.[contract.root];
  if (given !== undefined) return given;
  if (f.multiplier !== undefined) return f.multiplier;
  if (f.assetClass === 'future') {
    if (contract?.spec !== undefined) return contract.spec.pointValue;
    const root = contract?.root ?? f.symbol;
    throw cellError(
      f.line,
      'symbol',
      `"${f.symbol}": unknown futures root ${root}; give its point value with the pointValues option (tj import --point-value ${root}=VALUE)`,
    );
  }
  if (f.assetClass === 'option') return 100;
  return 1;
}

/** The instrument details a fill carries into its trade (futures get their root as underlying). */
function detailsOf(f: BrokerFill): Fill['details'] {
  const d: NonNullable<Fill['details']> = {};
  if (f.assetClass !== undefined) d.assetClass = f.assetClass;
  if (f.currency !== undefined) d.currency = f.currency;
  const root = f.assetClass === 'future' ? futuresRoot(f.symbol)?.root : undefined;
  if (f.underlying !== undefined || root !== undefined) d.underlying = (f.underlying ?? root) as string;
  if (f.expiry !== undefined) d.expiry = f.expiry;
  if (f.strike !== undefined) d.strike = f.strike;
  if (f.right !== undefined) d.right = f.right;
  return Object.keys(d).length > 0 ? d : undefined;
}

/** A broker's time as an instant: a wall-clock time is read in the source zone (a DST gap or overlap warned of). */
export function instantOf(time: BrokerFill['time'], line: number, options: FillOptions, report: BrokerFileReport): number {
  if ('utc' in time) return time.utc;
  report.wallClockTimes++;
  const zoned = wallClockToInstant(time.wall, options.sourceTz);
  if (zoned.issue !== undefined) addWarning(report, zoneIssueWarning(line, zoned.issue, options.sourceTz));
  return zoned.ms;
}

/**
 * A broker fill as the engine's fill: its time an instant (wall-clock times read in the source
 * zone), its quantity and price checked, its instrument resolved (futures roots, point values),
 * its account, fees, order reference and action, and its instrument details.
 */
export function toFill(f: BrokerFill, options: FillOptions, report: BrokerFileReport): Fill {
  const datetime = instantOf(f.time, f.line, options, report);
  if (!(f.quantity > 0)) throw cellError(f.line, 'quantity', `must be greater than 0, got ${f.quantity}`);
  if (!(f.price > 0) && !CLOSES_AT_ZERO.has(f.effect ?? 'open'))
    throw cellError(f.line, 'price', `must be greater than 0, got ${f.price}`);
  if (f.commission !== undefined || f.fees !== undefined) report.feesStated++;
  const fill: Fill = {
    line: f.line,
    datetime,
    // A continuous futures spelling (ES1!, @ES, ES=F, /ES) is booked under its root.
    symbol: f.assetClass === 'future' ? futuresInstrument(f.symbol) : f.symbol,
    side: f.side,
    quantity: f.quantity,
    price: f.price,
    commission: Math.abs(f.commission ?? 0),
    // Swap and financing costs (negative financing) count in the trade's net result, as fees.
    fees: Math.abs(f.fees ?? 0) + Math.max(0, -(f.financing ?? 0)),
    account: givenAccount(f.account, f.line, options.account) ?? f.account ?? '',
    multiplier: multiplierOf(f, options.pointValues),
    tags: f.tags ?? [],
    note: f.note ?? '',
  };
  if (f.execId !== undefined && f.execId !== '') fill.execId = f.execId;
  if (f.fxRateToBase !== undefined) fill.fxRate = f.fxRateToBase;
  Object.assign(fill, fillMarks(f));
  if (f.brokerPnl !== undefined) fill.brokerPnl = { micros: toMicros(f.brokerPnl.amount), basis: f.brokerPnl.basis };
  const details = detailsOf(f);
  if (details !== undefined) fill.details = details;
  if (toMicros(fill.commission) < 0) throw cellError(f.line, 'commission', 'out of range');
  return fill;
}
