/** A corporate action's row, its API record, its key, and a description for messages. */
import { createHash } from 'node:crypto';
import { type CorporateAction, formatSplitRatio, type SplitRatio } from '@tj/schemas';
import { isoUtc } from '../shared/iso.js';
import type { CorporateActionRow } from '../storage/rows.js';

/** What an action is, before it has an id: a split with its ratio, or a symbol change with its new symbol. */
export interface CorporateActionFields {
  kind: 'split' | 'symbolChange';
  /** null: every account. */
  account: string | null;
  instrument: string;
  /** Epoch ms. */
  effectiveAt: number;
  /** A split's ratio (new:old). */
  ratio?: SplitRatio | undefined;
  /** A symbol change's new symbol. */
  newInstrument?: string | undefined;
  note?: string | null | undefined;
}

/**
 * The key that makes two actions the same: kind, account (or every account), instrument, the
 * instant it takes effect, and the ratio or new symbol, hashed. Stored unique per user, so the
 * same action entered twice, or read again from a re-imported file, is stored once.
 *
 * @example corporateActionKey({ kind: 'split', account: null, instrument: 'AAPL', effectiveAt: Date.parse('2026-08-31'), ratio: { new: 4, old: 1 } })
 */
export function corporateActionKey(a: CorporateActionFields): string {
  const what = a.kind === 'split' ? formatSplitRatio(a.ratio as SplitRatio) : (a.newInstrument ?? '');
  const text = JSON.stringify([a.kind, a.account, a.instrument, a.effectiveAt, what]);
  return createHash('sha256').update(text).digest('hex');
}

/** The row of a new action. */
export function corporateActionRow(
  a: CorporateActionFields,
  ids: { userId: string; id: string; importId: string | null; createdAt: number },
): CorporateActionRow {
  const split = a.kind === 'split' ? (a.ratio as SplitRatio) : undefined;
  return {
    userId: ids.userId,
    id: ids.id,
    kind: a.kind,
    account: a.account,
    instrument: a.instrument,
    effectiveAt: a.effectiveAt,
    ratioFrom: split?.old ?? null,
    ratioTo: split?.new ?? null,
    newInstrument: a.kind === 'symbolChange' ? (a.newInstrument ?? null) : null,
    note: a.note ?? null,
    actionKey: corporateActionKey(a),
    importId: ids.importId,
    createdAt: ids.createdAt,
  };
}

/** A stored split's ratio (new:old); undefined for a symbol change. */
export function ratioOf(row: CorporateActionRow): SplitRatio | undefined {
  return row.kind === 'split' && row.ratioTo !== null && row.ratioFrom !== null
    ? { new: row.ratioTo, old: row.ratioFrom }
    : undefined;
}

/** The API shape of a stored action. */
export function corporateActionRecord(row: CorporateActionRow): CorporateAction {
  const ratio = ratioOf(row);
  return {
    id: row.id,
    kind: row.kind,
    instrument: row.instrument,
    account: row.account,
    effectiveAt: isoUtc(row.effectiveAt),
    ratio: ratio === undefined ? null : formatSplitRatio(ratio),
    newInstrument: row.newInstrument,
    note: row.note,
    importId: row.importId,
    createdAt: isoUtc(row.createdAt),
  };
}

/** The action in words, for messages: `the 4:1 split of AAPL (account U1) effective 2026-08-31T00:00:00.000Z`. */
export function describeAction(
  a: Pick<CorporateActionRow, 'kind' | 'instrument' | 'account' | 'effectiveAt' | 'newInstrument'> & {
    ratio?: SplitRatio | undefined;
  },
): string {
  const what =
    a.kind === 'split'
      ? `the ${formatSplitRatio(a.ratio as SplitRatio)} split of ${a.instrument}`
      : `the change of ${a.instrument} to ${a.newInstrument}`;
  const account = a.account === null ? '' : ` (account ${a.account})`;
  return `${what}${account} effective ${isoUtc(a.effectiveAt)}`;
}

/** Two records of one action (say, entered by hand and read from the broker's file) lie this close. */
const SAME_ACTION_WINDOW_MS = 7 * 86_400_000;

/**
 * True when `a` and `b` are one action recorded twice: same kind, instrument and change,
 * overlapping accounts, within a week of each other (a split typed by hand and the broker's
 * booking of it the evening before are one split, never two).
 */
export function sameAction(a: CorporateActionFields, b: CorporateActionRow): boolean {
  const ratio = ratioOf(b);
  const sameChange =
    a.kind === 'split'
      ? ratio !== undefined && a.ratio !== undefined && a.ratio.new * ratio.old === ratio.new * a.ratio.old
      : a.newInstrument === b.newInstrument;
  const accounts = a.account === null || b.account === null || a.account === b.account;
  return (
    a.kind === b.kind &&
    a.instrument === b.instrument &&
    sameChange &&
    accounts &&
    Math.abs(a.effectiveAt - b.effectiveAt) < SAME_ACTION_WINDOW_MS
  );
}
