/** Safe HTML building: interpolated values are escaped unless they are already {@link Html}. */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text escaped for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] as string);
}

/** A fragment of markup that is already safe. */
export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

/** What may be interpolated: text (escaped), numbers, markup, lists of these, or nothing. */
export type Part = string | number | Html | null | undefined | false | readonly Part[];

function render(part: Part): string {
  if (part === null || part === undefined || part === false) return '';
  if (part instanceof Html) return part.value;
  if (Array.isArray(part)) return part.map(render).join('');
  return escapeHtml(String(part));
}

/**
 * A tagged template that escapes every interpolation (arrays are joined, `Html` is kept as is).
 *
 * @example html`<td>${trade.instrument}</td>` // instrument text escaped
 */
export function html(strings: TemplateStringsArray, ...values: Part[]): Html {
  let out = strings[0] ?? '';
  for (let i = 0; i < values.length; i++) out += render(values[i] as Part) + (strings[i + 1] ?? '');
  return new Html(out);
}

/**
 * JSON for a `<script type="application/json">` block: `<` is escaped as `\u003c`, so no text
 * inside can close the element or open a comment.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
