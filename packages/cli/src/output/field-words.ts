/**
 * Validation errors in the user's words: an API field path becomes the flag that sets it
 * (`positionSize` → `--size`), and zod's default messages become plain sentences (`plainMessage`
 * of @tj/schemas, re-exported by core; servers already answer in them, older ones may not).
 */
import { plainMessage } from '@tj/core';

/** The flag of each API field a command sends (the body or query key, last path segment for nested ones). */
const FLAGS: Record<string, string> = {
  instrument: '--instrument',
  direction: '--direction',
  entryPrice: '--entry-price',
  positionSize: '--size',
  entryTime: '--entry-time',
  stopLoss: '--stop',
  takeProfit: '--target',
  setupType: '--setup',
  setup: '--setup',
  notes: '--notes',
  tags: '--tags',
  tag: '--tag',
  fees: '--fees',
  multiplier: '--multiplier',
  exitPrice: '--exit-price',
  exitTime: '--exit-time',
  result: '--result',
  account: '--account',
  assetClass: '--asset-class',
  strategy: '--strategy',
  dateFrom: '--from',
  dateTo: '--to',
  tz: '--tz',
  page: '--page',
  limit: '--limit',
  status: '--status',
  period: '--period',
  category: '--category',
  startingBalance: '--starting-balance',
  bucketSize: '--bucket-size',
  month: '--month',
  time: '--trading-day-start',
  timeZone: '--trading-day-zone',
  date: '--date',
  type: '--type',
  premarketAnalysis: '--premarket',
  tradingPlan: '--plan',
  postmarketReview: '--review',
  energy: '--energy',
  focus: '--focus',
  stress: '--stress',
  confidence: '--confidence',
  lessonsLearned: '--lessons',
  name: '--name',
  threshold: '--threshold',
  active: '--enable/--disable',
  url: '--url',
  events: '--events',
  secret: '--secret',
  email: '--email',
  password: '--password',
  ratio: '--split',
  newInstrument: '--rename',
  effectiveAt: '--date',
  note: '--note',
};

/** `someField` as `some field`. */
function words(key: string): string {
  return key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
}

/**
 * The flag (or plain words) for an API field path: `positionSize` → `--size`,
 * `emotionalState.focus` → `--focus`, `tags.2` → `--tags (item 3)`, `someNewField` → `some new field`.
 */
export function fieldInWords(path: string): string {
  const parts = path.split('.').filter((p) => p !== '');
  const index = parts.length > 1 && /^\d+$/.test(parts[parts.length - 1] as string) ? Number(parts.pop()) : undefined;
  const key = parts[parts.length - 1];
  if (key === undefined) return '';
  const name = FLAGS[key] ?? words(key);
  return index === undefined ? name : `${name} (item ${index + 1})`;
}

/** The CLI's own rewording: a field an older server or database does not know. */
const UNKNOWN_FIELD = 'is not a known field';

/** A validation message in plain words (see `plainMessage`; an unknown field says where it is not accepted). */
export function messageInWords(message: string): string {
  if (message === UNKNOWN_FIELD) return 'is not accepted here (this server or database does not know it)';
  return plainMessage(message);
}

/** How {@link fieldErrorsInWords} names a field (`''`: say the message alone) and words its message. */
export interface FieldWording {
  field(path: string): string;
  message(message: string): string;
}

/** A command's fields: the flag that sets each, the messages in plain words. */
export const AS_FLAGS: FieldWording = { field: fieldInWords, message: messageInWords };

/** Paths and messages as the server wrote them (an import's file, line and column). */
export const AS_WRITTEN: FieldWording = { field: (path) => path, message: (message) => message };

/**
 * Field errors as one line, the CLI's one formatter of them: `--size: must be greater than 0;
 * --stop: must be below the entry price` (a field named `''` gives its message alone).
 */
export function fieldErrorsInWords(
  errors: ReadonlyArray<{ path: string; message: string }>,
  wording: FieldWording = AS_FLAGS,
): string {
  return errors
    .map((e) => {
      const field = wording.field(e.path);
      const message = wording.message(e.message);
      return field ? `${field}: ${message}` : message;
    })
    .join('; ');
}
