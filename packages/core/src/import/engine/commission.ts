/**
 * Commission schedules at import (issue 27; docs/decisions.md, "Commission schedules"): a file
 * none of whose fills states a commission or a fee takes each fill's commission from its
 * account's schedule. An order (the fills of one account sharing an order reference; a fill
 * without one is an order of its own) costs perOrder + perShare × shares + perContract ×
 * contracts, at least `minimum`, split over its fills pro rata by quantity, exactly in micros.
 */
import type { CommissionSchedule, Settings } from '@tj/schemas';
import { estimateBytes, type MemoryBudget } from '../../shared/input-limits.js';
import { fromMicros, toMicros } from '../../shared/money.js';
import type { Fill } from '../formats/own/fills-csv.js';
import { QUANTITY_SCALE } from '../values/quantity.js';
import type { OpenedBrokerFile } from './pipeline.js';
import { isPassThrough, type StreamItem } from './stream.js';

/** The schedule of an account's fills; undefined: none (the fills keep the file's fees). */
export type ScheduleOf = (account: string) => CommissionSchedule | undefined;

/** An order's quantities, in 1e-8 units, and its commission once all its fills are counted. */
interface OrderTotals {
  shares: bigint;
  contracts: bigint;
  /** Every unit of the order (what its commission is split by). */
  units: bigint;
  /** Units of the order whose share was handed out so far. */
  done: bigint;
  feeMicros: bigint | undefined;
}

const SCALE = BigInt(QUANTITY_SCALE);

/**
 * Where the schedules of a user's settings apply: an account's own schedule wins over the user's
 * (a fill without an account takes the user's); undefined when no scope has one.
 */
export function scheduleLookup(settings: Settings): ScheduleOf | undefined {
  const accounts = Object.values(settings.accounts);
  if (settings.commission === null && accounts.every((a) => a.commission === null)) return undefined;
  return (account) => (account === '' ? undefined : settings.accounts[account]?.commission) ?? settings.commission ?? undefined;
}

/** How a fill's quantity is charged: futures and options per contract, stocks (and unknown units of multiplier 1) per share. */
function unitKind(fill: Fill): 'share' | 'contract' | 'none' {
  const asset = fill.details?.assetClass;
  if (asset === 'future' || asset === 'option') return 'contract';
  if (asset === 'forex' || asset === 'crypto') return 'none';
  if (asset === 'stock') return 'share';
  return fill.multiplier === 1 ? 'share' : 'contract';
}

const micros = (money: number | null): bigint => BigInt(money === null ? 0 : toMicros(money));

/** `rate` (micros per unit) × `units` (1e-8 units), rounded half up to micros. */
const times = (rate: bigint, units: bigint): bigint => (rate * units + SCALE / 2n) / SCALE;

/**
 * The commission of one order, in micros: perOrder + perShare × shares + perContract × contracts,
 * at least `minimum`.
 */
export function orderCommissionMicros(s: CommissionSchedule, shareUnits: bigint, contractUnits: bigint): bigint {
  const fee = micros(s.perOrder) + times(micros(s.perShare), shareUnits) + times(micros(s.perContract), contractUnits);
  const minimum = micros(s.minimum);
  // biome-ignore lint/complexity/useMathMinMax: bigints (Math.max takes numbers)
  return fee < minimum ? minimum : fee;
}

/** A fill's units by kind. */
function unitsOf(fill: Fill): { shares: bigint; contracts: bigint; all: bigint } {
  const all = BigInt(Math.round(fill.quantity * QUANTITY_SCALE));
  const kind = unitKind(fill);
  return { shares: kind === 'share' ? all : 0n, contracts: kind === 'contract' ? all : 0n, all };
}

const orderKey = (fill: Fill): string | undefined =>
  fill.orderRef === undefined ? undefined : `${fill.account}\u0000${fill.orderRef}`;

/**
 * The commissions of a file's orders: every fill is counted first ({@link CommissionPlan.count},
 * a pass over the file), then each fill takes its share as it goes to matching
 * ({@link CommissionPlan.apply}), in any order: the k-th fill of an order of quantity Q and
 * commission F takes ⌊F·Cₖ/Q⌋ − ⌊F·Cₖ₋₁/Q⌋ (Cₖ the quantity up to it), so the shares sum to F.
 */
export class CommissionPlan {
  private readonly orders = new Map<string, OrderTotals>();
  /** Fills given a scheduled commission. */
  applied = 0;

  constructor(
    private readonly scheduleOf: ScheduleOf,
    private readonly budget?: MemoryBudget,
  ) {}

  /** Counts a fill of the file into its order. */
  count(fill: Fill): void {
    const key = orderKey(fill);
    if (key === undefined || this.scheduleOf(fill.account) === undefined) return;
    let o = this.orders.get(key);
    if (o === undefined) {
      o = { shares: 0n, contracts: 0n, units: 0n, done: 0n, feeMicros: undefined };
      this.orders.set(key, o);
      this.budget?.charge(estimateBytes(120, key));
    }
    const u = unitsOf(fill);
    o.shares += u.shares;
    o.contracts += u.contracts;
    o.units += u.all;
  }

  /** Sets a fill's commission to its share of its order's (a replayed fill, or one without a schedule, is left alone). */
  apply(fill: Fill): void {
    const schedule = this.scheduleOf(fill.account);
    if (schedule === undefined || fill.seed !== undefined) return;
    const u = unitsOf(fill);
    const key = orderKey(fill);
    const o = key === undefined ? undefined : this.orders.get(key);
    let share: bigint;
    if (o === undefined) share = orderCommissionMicros(schedule, u.shares, u.contracts);
    else {
      o.feeMicros ??= orderCommissionMicros(schedule, o.shares, o.contracts);
      const total = o.units;
      const before = o.done;
      // biome-ignore lint/complexity/useMathMinMax: bigints (Math.min takes numbers)
      o.done = o.done + u.all > total ? total : o.done + u.all;
      share = total === 0n ? 0n : (o.feeMicros * o.done) / total - (o.feeMicros * before) / total;
    }
    fill.commission = fromMicros(Number(share));
    fill.scheduledFees = true;
    this.applied++;
  }

  /** The stream with each fill's scheduled commission set. */
  async *through(items: AsyncIterable<StreamItem>): AsyncGenerator<StreamItem> {
    for await (const item of items) {
      if (!isPassThrough(item)) this.apply(item);
      yield item;
    }
  }
}

/**
 * The commission plan of a file (a first pass over it, opened by `open`), or undefined when some
 * fill states a commission or a fee: a file that states fees is never changed.
 */
export async function planCommissions(
  open: () => Promise<OpenedBrokerFile>,
  scheduleOf: ScheduleOf,
  budget?: MemoryBudget,
): Promise<CommissionPlan | undefined> {
  const file = await open();
  const plan = new CommissionPlan(scheduleOf, budget);
  for await (const item of file.fills) {
    if (file.report.feesStated > 0) return undefined;
    if (!isPassThrough(item)) plan.count(item);
  }
  return file.report.feesStated > 0 ? undefined : plan;
}
