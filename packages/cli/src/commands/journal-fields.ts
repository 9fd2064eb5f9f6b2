import { type Command, Option } from 'commander';
import type { Input } from '../backend/client.js';
import type { Opts } from '../command-kit.js';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import { dateFlag, listArg } from '../util/args.js';
import { isCalendarDate } from '../util/dates.js';
import { tradingToday } from '../views/day-view.js';

const TEXTS = [
  ['premarket', 'premarketAnalysis', 'Pre-market analysis'],
  ['plan', 'tradingPlan', 'Trading plan'],
  ['review', 'postmarketReview', 'Post-market review'],
] as const;
const EMOTIONS = ['energy', 'focus', 'stress', 'confidence'] as const;
/** Field names `--clear` accepts. */
export const JOURNAL_CLEARABLE = [...TEXTS.map((t) => t[0]), ...EMOTIONS, 'lessons', 'tags'];

/** An emotion score flag value: an integer 1-10. */
function scoreArg(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 10)
    throw new UsageError(`an emotion score must be a whole number from 1 to 10, not "${value}"`);
  return n;
}

const scoreAnswer = (v: string) => (/^(10|[1-9])$/.test(v) ? true : 'a whole number from 1 to 10 (blank to skip)');

/** `;`-separated lessons (they may contain commas). */
function lessonsArg(value: string): string[] {
  return value
    .split(';')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** Adds the journal field flags to a command. */
export function addJournalFieldOptions(cmd: Command): Command {
  cmd
    .option('--date <date>', 'the day, YYYY-MM-DD (add: default today in --tz)')
    .addOption(new Option('--type <type>', 'daily, weekly or monthly (default daily)').choices(['daily', 'weekly', 'monthly']))
    .option('--premarket <text>', 'pre-market analysis')
    .option('--plan <text>', 'trading plan')
    .option('--review <text>', 'post-market review');
  for (const e of EMOTIONS) cmd.option(`--${e} <1-10>`, `${e} score, 1 to 10`, scoreArg);
  return cmd
    .option('--lessons <a;b>', 'lessons learned, separated by ;', lessonsArg)
    .option('--tags <a,b>', 'comma-separated tags', listArg);
}

/** The body fields given as flags. */
export function journalBodyFromFlags(opts: Opts): Input {
  const body: Input = {};
  if (opts.date !== undefined) body.date = dateFlag('--date', opts.date);
  if (opts.type !== undefined) body.type = opts.type;
  for (const [flag, key] of TEXTS) if (opts[flag] !== undefined) body[key] = opts[flag];
  const emotional: Record<string, number> = {};
  for (const e of EMOTIONS) if (opts[e] !== undefined) emotional[e] = opts[e];
  if (Object.keys(emotional).length > 0) body.emotionalState = emotional;
  if (opts.lessons !== undefined) body.lessonsLearned = opts.lessons;
  if (opts.tags !== undefined) body.tags = opts.tags;
  return body;
}

/** `--clear a,b` of `tj journal edit` as body nulls. */
export function clearedJournalFields(names: string[] | undefined, body: Input): void {
  for (const name of names ?? []) {
    const text = TEXTS.find((t) => t[0] === name);
    if (text) body[text[1]] = null;
    else if ((EMOTIONS as readonly string[]).includes(name))
      body.emotionalState = { ...(body.emotionalState as object), [name]: null };
    else if (name === 'lessons') body.lessonsLearned = null;
    else if (name === 'tags') body.tags = null;
    else throw new UsageError(`--clear: "${name}" is not one of ${JOURNAL_CLEARABLE.join(', ')}`);
  }
}

/** Asks for every field no flag gave (only on a terminal; else the flags alone are used). */
export async function promptJournalFields(ctx: Context, body: Input): Promise<void> {
  const p = ctx.prompt;
  if (!p.interactive) return;
  if (body.date === undefined) {
    const today = await tradingToday(ctx);
    const date = await p.text({
      message: 'Date',
      flag: '--date',
      default: today,
      validate: (v) => (isCalendarDate(v) ? true : 'YYYY-MM-DD'),
    });
    body.date = date || today;
  }
  if (body.type === undefined)
    body.type = await p.select({
      message: 'Type',
      flag: '--type',
      choices: ['daily', 'weekly', 'monthly'] as const,
      default: 'daily',
    });
  for (const [flag, key, label] of TEXTS) {
    if (body[key] !== undefined) continue;
    const v = await p.text({ message: `${label} (blank to skip)`, flag: `--${flag}` });
    if (v !== '') body[key] = v;
  }
  const emotional = { ...((body.emotionalState as Record<string, number> | undefined) ?? {}) };
  for (const e of EMOTIONS) {
    if (emotional[e] !== undefined) continue;
    const v = await p.text({
      message: `${e[0]?.toUpperCase()}${e.slice(1)}, 1-10 (blank to skip)`,
      flag: `--${e}`,
      validate: scoreAnswer,
    });
    if (v !== '') emotional[e] = Number(v);
  }
  if (Object.keys(emotional).length > 0) body.emotionalState = emotional;
  if (body.lessonsLearned === undefined) {
    const lessons = lessonsArg(await p.text({ message: 'Lessons learned, separated by ; (blank to skip)', flag: '--lessons' }));
    if (lessons.length > 0) body.lessonsLearned = lessons;
  }
  if (body.tags === undefined) {
    const tags = listArg(await p.text({ message: 'Tags, comma-separated (blank to skip)', flag: '--tags' }));
    if (tags.length > 0) body.tags = tags;
  }
}
