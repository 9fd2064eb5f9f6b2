/**
 * Calling an operation of the API by its id: method, path and flags from the generated
 * `ENDPOINTS`, the input and answer types from the operation table itself (type-only: nothing of
 * zod or the schemas reaches the bundle). Every SDK method is one of these calls, and `client.call`
 * reaches any operation, a new one included, with no hand-written path.
 */
import type { OperationId, OperationOf, PathParamNames } from '@tj/schemas';
import type { z } from 'zod';
import { ENDPOINTS, type Endpoint } from './endpoints.js';
import type { CallOptions, RequestSpec, Send } from './transport.js';

/** Query object of a query schema: fields the server defaults are optional; values are the parsed types. */
export type QueryInput<S extends z.ZodType> = {
  [K in keyof z.input<S> as undefined extends z.input<S>[K] ? K : never]?: K extends keyof z.output<S> ? z.output<S>[K] : never;
} & {
  [K in keyof z.input<S> as undefined extends z.input<S>[K] ? never : K]: K extends keyof z.output<S> ? z.output<S>[K] : never;
};

type Op<K extends OperationId> = OperationOf<K>;

/** Operation `K`'s query as the SDK takes it (fields the server defaults are optional). */
export type OperationQuery<K extends OperationId> = Op<K> extends { query: infer Q extends z.ZodType } ? QueryInput<Q> : never;
/** Operation `K`'s JSON body as the SDK takes it (what may be sent, defaults optional). */
export type OperationBody<K extends OperationId> = Op<K> extends { body: infer B extends z.ZodType } ? z.input<B> : never;
/** Operation `K`'s answer (`void` for 204, a string for an HTML page). */
export type OperationResult<K extends OperationId> = Op<K>['response'] extends { schema: infer S extends z.ZodType }
  ? z.output<S>
  : // biome-ignore lint/suspicious/noConfusingVoidType: a 204 answers nothing, as the methods declare (Promise<void>)
    void;

type ParamsPart<K extends OperationId> = [PathParamNames<Op<K>['path']>] extends [never]
  ? unknown
  : { params: { [P in PathParamNames<Op<K>['path']>]: string } };
type QueryPart<K extends OperationId> =
  Op<K> extends { query: z.ZodType }
    ? Record<string, never> extends OperationQuery<K>
      ? { query?: OperationQuery<K> | undefined }
      : { query: OperationQuery<K> }
    : unknown;
type BodyPart<K extends OperationId> = Op<K> extends { body: z.ZodType } ? { body: OperationBody<K> } : unknown;

/** What calling operation `K` takes: its path parameters, query and body, each only where it has them. */
export type OperationInput<K extends OperationId> = ParamsPart<K> & QueryPart<K> & BodyPart<K>;

/** The raw parts of a call, as `call` reads them. */
interface RawInput {
  params?: Record<string, string>;
  query?: object | undefined;
  body?: unknown;
}

/** The request of operation `id` with `input`: its path filled in, its query and body, its flags. */
export function requestOf(id: OperationId, input: RawInput = {}): RequestSpec {
  const endpoint: Endpoint = ENDPOINTS[id];
  const path = endpoint.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(input.params?.[name] ?? ''));
  return {
    method: endpoint.method,
    path,
    ...(input.query !== undefined && { query: input.query }),
    ...(input.body !== undefined && { body: input.body }),
    ...(endpoint.auth === false && { auth: false }),
    ...(endpoint.idempotent === true && { idempotent: true }),
    ...(endpoint.responseType !== undefined && { responseType: endpoint.responseType }),
  };
}

/** A function that calls any operation by id, typed by the operation table. */
export type Call = <K extends OperationId>(id: K, input: OperationInput<K>, options?: CallOptions) => Promise<OperationResult<K>>;

/**
 * The typed caller over a transport.
 *
 * @example const trades = await call('listTrades', { query: { status: 'closed' } });
 */
export function operationCaller(send: Send): Call {
  return (id, input, options) => send(requestOf(id, input as RawInput), options);
}
