/**
 * Where a literal path shadows a parametric one (`/api/trades/statistics` beside
 * `/api/trades/:id`): the router picks the literal path by its path alone, so a method only the
 * parametric path has answers 405 there. The OpenAPI document lists those 405s, found from the
 * operation table (never by hand).
 */
import type { Route } from '../routes/route.js';

/** A method a literal path answers with 405 because of the parametric path it shadows. */
export interface ShadowedMethod {
  /** The literal path, find-my-way syntax. */
  path: string;
  method: Route['method'];
  /** The parametric path whose method it is (`/api/trades/:id`). */
  shadows: string;
}

const isParam = (segment: string) => segment.startsWith(':');

/**
 * True when a request path could match both and the router picks `literal`: at the first segment
 * where they differ, `literal` has a fixed segment and `parametric` a parameter (a fixed segment
 * wins in the radix tree), and no later segment rules out a common request path.
 */
function shadows(literal: string[], parametric: string[]): boolean {
  if (literal.length !== parametric.length) return false;
  let decided = false;
  for (let i = 0; i < literal.length; i++) {
    const a = literal[i] as string;
    const b = parametric[i] as string;
    if (a === b) continue;
    if (!decided) {
      if (isParam(a) || !isParam(b)) return false;
      decided = true;
    } else if (!isParam(a) && !isParam(b)) return false;
  }
  return decided;
}

/**
 * The methods each literal path answers with 405 although a parametric path it shadows has them.
 *
 * @example shadowedMethods(routes) // [{ path: '/api/trades/statistics', method: 'PATCH', shadows: '/api/trades/:id' }, …]
 */
export function shadowedMethods(routes: readonly Route[]): ShadowedMethod[] {
  const methods = new Map<string, Set<Route['method']>>();
  for (const r of routes) {
    const set = methods.get(r.path) ?? new Set();
    set.add(r.method);
    methods.set(r.path, set);
  }
  const out: ShadowedMethod[] = [];
  for (const [path, own] of methods) {
    for (const [other, theirs] of methods) {
      if (other === path || !shadows(path.split('/'), other.split('/'))) continue;
      for (const method of theirs) {
        if (!own.has(method) && !out.some((s) => s.path === path && s.method === method)) {
          out.push({ path, method, shadows: other });
        }
      }
    }
  }
  return out;
}
