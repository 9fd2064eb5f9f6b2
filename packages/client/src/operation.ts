/**
 * Calling an operation of the API by its id: method, path and flags from the generated
 * `ENDPOINTS`, the input and answer types from the operation table itself (type-only: nothing of
 * zod or the schemas reaches the bundle). Every SDK method is one of these calls, and `client.call`
 * reaches any operation, a new one included, with no hand-written path.
 */
import type { OperationId } from '@tj/schemas';
import type { Endpoint } from './endpoint.js';
import { ENDPOINTS } from './endpoints.js';
import type { OperationInput, OperationResult } from './operation-types.js';
import type { CallOptions, RequestSpec, Send } from './transport.js';

export type { OperationBody, OperationInput, OperationQuery, OperationResult, QueryInput } from './operation-types.js';

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
