import FindMyWay from 'find-my-way';
import type { Method, Route } from '../routes/route.js';

/** A matched route and its decoded path parameters. */
export interface RouteMatch {
  route: Route;
  params: Record<string, string>;
}

/** What a path names: the routes of its resource by method, and its parameters. */
interface Resource {
  byMethod: Map<string, Route>;
  params: Record<string, string>;
}

const METHODS: Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * Routes requests in two steps. First the path alone picks its resource (find-my-way's radix tree,
 * where a fixed segment such as `/statistics` always wins over `:id`); then the method picks one of
 * that resource's routes. So a fixed path never falls through to `{id}` under a method it lacks: it
 * answers 405 with its own methods. `HEAD` is answered as `GET`.
 */
export function createRouter(routes: Route[]) {
  const paths = FindMyWay({ ignoreTrailingSlash: false, caseSensitive: true, maxParamLength: 200 });
  const byPattern = new Map<string, Map<string, Route>>();
  for (const route of routes) {
    let methods = byPattern.get(route.path);
    if (!methods) {
      methods = new Map();
      byPattern.set(route.path, methods);
      paths.on('GET', route.path, () => {}, methods);
    }
    methods.set(route.method, route);
  }

  function resource(path: string): Resource | undefined {
    const found = paths.find('GET', path);
    if (!found) return undefined;
    const params = found.params as Record<string, string>;
    for (const name in params) if (!params[name]) return undefined;
    return { byMethod: found.store as Map<string, Route>, params };
  }

  return {
    /** The route of `method` and `path`, or undefined. */
    find(method: string, path: string): RouteMatch | undefined {
      const target = resource(path);
      const route = target?.byMethod.get(method === 'HEAD' ? 'GET' : method);
      return target && route ? { route, params: target.params } : undefined;
    },
    /** The methods the resource at `path` answers to (empty for an unknown path). */
    allowed(path: string): string[] {
      const target = resource(path);
      if (!target) return [];
      const methods = METHODS.filter((m) => target.byMethod.has(m));
      return methods.includes('GET') ? ['GET', 'HEAD', ...methods.filter((m) => m !== 'GET')] : methods;
    },
  };
}

/** A router. */
export type Router = ReturnType<typeof createRouter>;
