/**
 * What an action does to the stored trades it covers: the open trades of its instrument (and
 * account, when it has one) entered before it takes effect, with their executions. Applying it
 * splits or renames them; undoing it (when the action is deleted) turns them back. Closed trades
 * are history and keep their figures.
 */
import { CoreError, ErrorCode } from '../shared/errors.js';
import type { Repositories, TradeQuery } from '../storage/ports.js';
import type { CorporateActionRow, ExecutionRow, TradeRow } from '../storage/rows.js';
import { checkTradeRules } from '../trades/rules.js';
import type { TradeWritten } from '../trades/service.js';
import { applySplit, renameSymbol, splitPosition, undoSplit, undoSplitPosition } from './adjust.js';
import { describeAction, ratioOf } from './record.js';

/** Trades read at a time. */
const PAGE = 500;
/** Most trade ids a refusal names. */
const NAMED = 20;

/** One way of an action over stored trades: the instrument they carry before it, and the change. */
interface Step {
  instrument: string;
  trade(row: TradeRow): TradeRow;
  executions(rows: ExecutionRow[]): ExecutionRow[];
}

function forward(a: CorporateActionRow): Step {
  const ratio = ratioOf(a);
  if (ratio !== undefined) {
    const split = { effectiveAt: a.effectiveAt, ratio };
    return { instrument: a.instrument, trade: (t) => splitPosition(t, ratio), executions: (e) => applySplit(e, split) };
  }
  const to = a.newInstrument as string;
  const rename = { effectiveAt: a.effectiveAt, from: a.instrument, to };
  return { instrument: a.instrument, trade: (t) => ({ ...t, instrument: to }), executions: (e) => renameSymbol(e, rename) };
}

function backward(a: CorporateActionRow): Step {
  const ratio = ratioOf(a);
  if (ratio !== undefined) {
    const split = { effectiveAt: a.effectiveAt, ratio };
    return { instrument: a.instrument, trade: (t) => undoSplitPosition(t, ratio), executions: (e) => undoSplit(e, split) };
  }
  const from = a.newInstrument as string;
  const rename = { effectiveAt: a.effectiveAt, from, to: a.instrument };
  return { instrument: from, trade: (t) => ({ ...t, instrument: a.instrument }), executions: (e) => renameSymbol(e, rename) };
}

/** The ids of every trade of `query`. */
async function idsOf(tx: Repositories, userId: string, query: TradeQuery): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const { rows, total } = await tx.trades.list(userId, query, { page, limit: PAGE });
    ids.push(...rows.map((r) => r.id));
    if (rows.length < PAGE || ids.length >= total) return ids;
  }
}

function named(ids: string[]): string {
  const shown = ids.slice(0, NAMED).join(', ');
  return ids.length > NAMED ? `${shown} and ${ids.length - NAMED} more` : shown;
}

/**
 * Runs one way of `action` over the open trades it covers, inside `tx`: each changes with its
 * executions and is announced as updated (`trade.updated`, alert checks, the data version).
 * Refused (`conflict`, nothing changed) when a covered open trade has an execution at or after the
 * action, or, with `refuseSpanning`, when a closed trade covered by it exits at or after it.
 */
async function run(
  tx: Repositories,
  written: TradeWritten,
  action: CorporateActionRow,
  step: Step,
  now: number,
  refusal: (ids: string[]) => string,
  refuseSpanning: boolean,
  skip: ReadonlySet<string> = new Set(),
): Promise<string[]> {
  const { userId, effectiveAt } = action;
  const scope: TradeQuery = { instrument: step.instrument, entryTo: effectiveAt };
  if (action.account !== null) scope.account = action.account;
  const blocked = refuseSpanning ? await idsOf(tx, userId, { ...scope, exitFrom: effectiveAt }) : [];
  const work: Array<{ before: TradeRow; executions: ExecutionRow[] }> = [];
  for (const id of await idsOf(tx, userId, { ...scope, status: 'open' })) {
    if (skip.has(id)) continue;
    const before = await tx.trades.get(userId, id, { forUpdate: true });
    if (before === undefined) continue;
    const executions = await tx.executions.forTrade(userId, id);
    if (executions.some((e) => e.time >= effectiveAt)) blocked.push(id);
    else work.push({ before, executions });
  }
  if (blocked.length > 0) throw new CoreError(ErrorCode.conflict, refusal(blocked));
  for (const { before, executions } of work) {
    const after = { ...step.trade(before), updatedAt: Math.max(now, before.updatedAt) };
    checkTradeRules(after);
    await tx.trades.update(before, after);
    if (executions.length > 0) {
      await tx.executions.deleteForTrade(userId, before.id);
      await tx.executions.insertMany(step.executions(executions));
    }
    await written.updated(tx, before, after);
  }
  return work.map((w) => w.before.id);
}

/**
 * Applies a stored (or about to be stored) action to the user's open trades it covers, inside
 * `tx`: a split multiplies their size by new ÷ old and divides entry, stop and target by it, and
 * does the same to their executions (quantity and price; fees stay); a symbol change renames them
 * and their executions. Answers the ids of the trades it changed. Refused (`conflict`) when a
 * covered open trade already has executions at or after the action (they are in its new terms).
 * Trades in `skip` are left alone (an import's own trades, built with the action applied).
 *
 * @example const ids = await applyToStoredTrades(tx, written, row, deps.clock.now());
 */
export function applyToStoredTrades(
  tx: Repositories,
  written: TradeWritten,
  action: CorporateActionRow,
  now: number,
  skip: ReadonlySet<string> = new Set(),
): Promise<string[]> {
  const refusal = (ids: string[]) =>
    `cannot apply ${describeAction({ ...action, ratio: ratioOf(action) })}: open trade(s) ${named(ids)} have executions at or after it, which are already in its new terms; remove those executions (undo their import, or delete the trade) first`;
  return run(tx, written, action, forward(action), now, refusal, false, skip);
}

/**
 * Undoes an action on the open trades it covers (the inverse split, or the rename back), inside
 * `tx`; answers the ids of the trades it changed. Refused (`conflict`) when a covered trade went on
 * past the action (an execution, or its exit, at or after it): its figures mix both sides.
 *
 * @example const ids = await undoOnStoredTrades(tx, written, row, deps.clock.now());
 */
export function undoOnStoredTrades(
  tx: Repositories,
  written: TradeWritten,
  action: CorporateActionRow,
  now: number,
): Promise<string[]> {
  const refusal = (ids: string[]) =>
    `cannot undo ${describeAction({ ...action, ratio: ratioOf(action) })}: trade(s) ${named(ids)} went on past it (an execution or the exit at or after it), so their figures are in its new terms; delete or edit those trades first`;
  return run(tx, written, action, backward(action), now, refusal, true);
}
