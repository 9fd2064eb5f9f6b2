/**
 * Validation errors in the user's words: an API field path becomes the flag that sets it
 * (`positionSize` → `--size`), and zod's default messages become plain sentences
 * (`Too small: expected number to be >0` → `must be greater than 0`).
 */

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

const KINDS: Record<string, string> = {
  number: 'a number',
  string: 'text',
  array: 'a list',
  boolean: 'true or false',
  object: 'an object',
};

/** zod's default messages, reworded; anything else is kept (core's own messages are already plain). */
const REWORDINGS: Array<[RegExp, (...m: string[]) => string]> = [
  [/^Too small: expected string to have >=1 characters?$/, () => 'must not be empty'],
  [/^Too small: expected (?:string|array|set) to have >=(\S+) (\w+)$/, (_, n, unit) => `needs at least ${n} ${unit}`],
  [/^Too big: expected (?:string|array|set) to have <=(\S+) (\w+)$/, (_, n, unit) => `must be at most ${n} ${unit}`],
  [/^Too small: expected number to be >=(\S+)$/, (_, n) => `must be at least ${n}`],
  [/^Too small: expected number to be >(\S+)$/, (_, n) => `must be greater than ${n}`],
  [/^Too big: expected number to be <=(\S+)$/, (_, n) => `must be at most ${n}`],
  [/^Too big: expected number to be <(\S+)$/, (_, n) => `must be less than ${n}`],
  [/^Invalid input: expected (\w+), received \w+$/, (_, kind) => `must be ${KINDS[kind as string] ?? kind}`],
  [
    /^Invalid option: expected one of (.+)$/,
    (_, list) => `must be one of ${(list as string).replace(/"/g, '').split('|').join(', ')}`,
  ],
  [/^Invalid ISO datetime$/, () => 'must be a date-time such as 2026-11-20T14:30:00Z'],
  [/^Invalid ISO date$/, () => 'must be a date such as 2026-11-20'],
  [/^Invalid email address$/, () => 'must be an email address'],
  [/^Invalid UUID$/, () => 'must be an id'],
  [/^Invalid URL$/, () => 'must be a URL'],
  [/^is not a known field$/, () => 'is not accepted here (this server or database does not know it)'],
];

/** A validation message in plain words. */
export function messageInWords(message: string): string {
  for (const [pattern, say] of REWORDINGS) {
    const m = pattern.exec(message);
    if (m) return say(...m);
  }
  return message;
}

/** Field errors as one line: `--size: must be greater than 0; --stop: must be below the entry price`. */
export function fieldErrorsInWords(errors: ReadonlyArray<{ path: string; message: string }>): string {
  return errors
    .map((e) => {
      const field = fieldInWords(e.path);
      return field ? `${field}: ${messageInWords(e.message)}` : messageInWords(e.message);
    })
    .join('; ');
}
