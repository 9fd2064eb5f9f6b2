/** Advice in the API's words: its endpoints and parameters (the CLI words the same advice as its commands and flags). */
import type { Advice } from './advice.js';
import { OPERATIONS } from './operations/index.js';

/** `a`, `a or b`, `a, b, or c`. */
export function orList(items: readonly string[]): string {
  if (items.length <= 2) return items.join(' or ');
  return `${items.slice(0, -1).join(', ')}, or ${items[items.length - 1]}`;
}

/** One piece of advice in the API's words: its endpoint, or its parameter. */
function adviceItemInApiWords(item: Advice): string {
  const op = item.operation === undefined ? undefined : OPERATIONS[item.operation as keyof typeof OPERATIONS];
  if (op !== undefined) return `${item.action} with ${op.method} ${op.path.replace(/:(\w+)/g, '{$1}')}`;
  if (item.parameter !== undefined) {
    const example = item.value === undefined ? '' : ` (${item.parameter}=${item.value})`;
    return `${item.action} with the ${item.parameter} parameter${example}`;
  }
  return item.action;
}

/**
 * Advice in the API's words, as the HTTP API appends it to a problem's detail.
 *
 * @example adviceInApiWords([{ action: 'force one', parameter: 'format', value: 'NAME' }])
 *   // 'force one with the format parameter (format=NAME)'
 */
export function adviceInApiWords(advice: readonly Advice[]): string {
  return orList(advice.map(adviceItemInApiWords));
}
