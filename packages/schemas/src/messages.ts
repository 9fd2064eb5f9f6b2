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

const REWORDINGS: Array<[RegExp, (...m: string[]) => string]> = [
  [/^Too small: expected string to have >=1 characters?$/, () => 'must not be empty'],
  [/^Too small: expected (?:string|array|set) to have >=(\S+) (\w+)$/, (_, n, unit) => `needs at least ${n} ${unit}`],
  [/^Too big: expected (?:string|array|set) to have <=(\S+) (\w+)$/, (_, n, unit) => `must be at most ${n} ${unit}`],
  [/^Too small: expected number to be >=(\S+)$/, (_, n) => `must be at least ${n}`],
  [/^Too small: expected number to be >(\S+)$/, (_, n) => `must be greater than ${n}`],
  [/^Too big: expected number to be <=(\S+)$/, (_, n) => `must be at most ${n}`],
  [/^Too big: expected number to be <(\S+)$/, (_, n) => `must be less than ${n}`],
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
