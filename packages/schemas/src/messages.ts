/**
 * zod's default messages in plain words (`Too small: expected number to be >0` → `must be
 * greater than 0`), so an API client, a log and the CLI all read the same sentence. Messages the
 * schemas word themselves are left as they are.
 */

const KINDS: Record<string, string> = {
  number: 'a number',
  string: 'text',
  array: 'a list',
  boolean: 'true or false',
  object: 'an object',
};

/** Numbers as people write them: digits grouped in thousands, decimals in full, never an exponent. */
const PLAIN_NUMBER = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 21 });

/**
 * A number as people write it in messages, never in exponent notation (`1e12` →
 * `1,000,000,000,000`, `1e-12` → `0.000000000001`).
 *
 * @example plainNumber(1e-12) // '0.000000000001'
 */
export function plainNumber(n: number): string {
  return Number.isFinite(n) ? PLAIN_NUMBER.format(n) : String(n);
}

/** A bound as zod writes it (`1000000000000`, `1e-7`), as people write it; anything not a number is kept. */
function bound(text: string): string {
  return /^-?\d+(\.\d+)?(e[-+]?\d+)?$/i.test(text) ? plainNumber(Number(text)) : text;
}

const REWORDINGS: Array<[RegExp, (...m: string[]) => string]> = [
  [/^Too small: expected string to have >=1 characters?$/, () => 'must not be empty'],
  [
    /^Too small: expected (?:string|array|set) to have >=(\S+) (\w+)$/,
    (_, n, unit) => `needs at least ${bound(n as string)} ${unit}`,
  ],
  [
    /^Too big: expected (?:string|array|set) to have <=(\S+) (\w+)$/,
    (_, n, unit) => `must be at most ${bound(n as string)} ${unit}`,
  ],
  [/^Too small: expected number to be >=(\S+)$/, (_, n) => `must be at least ${bound(n as string)}`],
  [/^Too small: expected number to be >(\S+)$/, (_, n) => `must be greater than ${bound(n as string)}`],
  [/^Too big: expected number to be <=(\S+)$/, (_, n) => `must be at most ${bound(n as string)}`],
  [/^Too big: expected number to be <(\S+)$/, (_, n) => `must be less than ${bound(n as string)}`],
  [/^Invalid input: expected int, received number$/, () => 'must be a whole number'],
  [/^Invalid input: expected \w+, received undefined$/, () => 'required'],
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
];

/**
 * A validation message in plain words (zod's default wording reworded, any other message kept).
 *
 * @example plainMessage('Invalid input: expected number, received NaN') // 'must be a number'
 * @example plainMessage('Invalid input: expected string, received undefined') // 'required'
 */
export function plainMessage(message: string): string {
  for (const [pattern, say] of REWORDINGS) {
    const m = pattern.exec(message);
    if (m) return say(...m);
  }
  return message;
}
