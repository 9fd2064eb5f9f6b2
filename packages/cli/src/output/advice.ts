/**
 * A problem's advice in the CLI's words: the server words what to do as its endpoints and
 * parameters (`force one with the format parameter (format=NAME)`); the CLI says the same with its
 * commands and flags (`force one with --format NAME`).
 */
import { type Advice, adviceInApiWords, orList } from '@tj/core';

/** The command that does what an operation of the API does, for the operations advice names. */
const COMMANDS: Record<string, string> = {
  listImportFormats: 'tj import --list-formats',
};

/** `sourceTz` → `--source-tz`: the import flags are the parameters' names in kebab case. */
function flagOf(parameter: string): string {
  return `--${parameter.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase()}`;
}

/** One piece of advice with a command or flag, or undefined when the CLI has no words for it. */
function inCliWords(item: Advice): string | undefined {
  if (item.operation !== undefined) {
    const command = COMMANDS[item.operation];
    return command === undefined ? undefined : `${item.action} with ${command}`;
  }
  if (item.parameter !== undefined) {
    return `${item.action} with ${flagOf(item.parameter)}${item.value === undefined ? '' : ` ${item.value}`}`;
  }
  return item.action;
}

function isAdvice(value: unknown): value is Advice {
  return typeof value === 'object' && value !== null && typeof (value as { action?: unknown }).action === 'string';
}

/**
 * The problem's detail with its advice said in flags and commands instead of parameters and
 * endpoints; the detail as it is when it carries no advice (or advice the CLI has no words for).
 *
 * @example detailInCliWords({ detail: 'not a format tj knows (…); force one with the format parameter (format=NAME)',
 *   advice: [{ action: 'force one', parameter: 'format', value: 'NAME' }] }) // 'not a format tj knows (…); force one with --format NAME'
 */
export function detailInCliWords(problem: { detail?: unknown; advice?: unknown }): string | undefined {
  const { detail, advice } = problem;
  if (typeof detail !== 'string') return undefined;
  if (!Array.isArray(advice) || advice.length === 0 || !advice.every(isAdvice)) return detail;
  const apiWords = `; ${adviceInApiWords(advice)}`;
  const words = advice.map(inCliWords);
  if (!detail.endsWith(apiWords) || words.some((w) => w === undefined)) return detail;
  return `${detail.slice(0, -apiWords.length)}; ${orList(words as string[])}`;
}
