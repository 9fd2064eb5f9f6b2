import FindMyWay from 'find-my-way';
import type { Method, Route } from '../routes/route.js';

/** A matched route and its decoded path parameters. */
export interface RouteMatch {
  route: Route;
  params: Record<string, string>;
}

const METHODS: Method[] = ['GET', 'POST', 'PATCH', 'DELETE'];
const noop = () => {};

/**
 * Routes requests with find-my-way (a radix tree; static segments such as `/statistics` win over
 * `:id`). `HEAD` is answered as `GET`. A path that exists under other methods yields its `Allow` list.
 */
export function createRouter(routes: Route[]) {
  const router = FindMyWay({ ignoreTrailingSlash: false, caseSensitive: true, maxParamLength: 200 });
  for (const route of routes) router.on(route.method, route.path, noop, route);

  function match(method: string, path: string): RouteMatch | undefined {
    const found = router.find(method as Method, path);
    if (!found) return undefined;
    const params = found.params as Record<string, string>;
    for (const name in params) if (!params[name]) return undefined;
    return { route: found.store as Route, params };
  }

  return {
    /** The route of `method` and `path`, or undefined. */
    find(method: string, path: string): RouteMatch | undefined {
      if (method === 'HEAD') return match('GET', path);
      return METHODS.includes(method as Method) ? match(method, path) : undefined;
    },
    /** The methods `path` answers to (empty for an unknown path). */
    allowed(path: string): string[] {
      const methods = METHODS.filter((m) => match(m, path) !== undefined);
      return methods.includes('GET') ? ['GET', 'HEAD', ...methods.filter((m) => m !== 'GET')] : methods;
    },
  };
}

/** A router. */
export type Router = ReturnType<typeof createRouter>;
