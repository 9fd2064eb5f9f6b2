/**
 * What one operation of the API is, as plain data: the one declaration that the server's routes,
 * its OpenAPI document and the SDK's methods and types all derive from (see `OPERATIONS`).
 */
import type { z } from 'zod';
import type { Scope } from '../api-key.js';

/** HTTP methods the API uses. */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One operation, its method and path, the schemas of its input and output, and how it is guarded. */
export interface OperationSpec {
  method: Method;
  /** The path, parameters as `:name` (find-my-way syntax): `/api/trades/:id`. */
  path: string;
  summary: string;
  /** The OpenAPI tag it is listed under. */
  tag: string;
  /** Needs a bearer token (an access token or an API key with `scope`). */
  auth: boolean;
  /** The one scope an API key needs for it (authenticated operations). */
  scope?: Scope;
  /** Counted by the general rate limit (all but the health probe). */
  rateLimited?: boolean;
  /** Honours `Idempotency-Key`: every POST that creates something. */
  idempotent?: boolean;
  /** Its body is a file (CSV, XML or multipart), streamed; `query` then also lists the multipart fields. */
  upload?: boolean;
  /** Its answer is a page of a list (`page`, `limit`, `pagination`). */
  paginated?: boolean;
  query?: z.ZodType;
  /** The JSON request body; an operation without one takes no body. */
  body?: z.ZodType;
  /** Success status and body schema (none for 204); `contentType` when it is not JSON. */
  response: { status: number; description: string; schema?: z.ZodType; contentType?: string };
  /** A second success answer with the same body schema (a dry run's 200 beside a 201). */
  alsoOk?: { status: number; description: string };
  /** Error statuses it can answer beyond the ones every operation can (400 for its query, 429, 500). */
  errors: readonly number[];
}

/** A set of operations by id. */
export type OperationTable = Readonly<Record<string, OperationSpec>>;

/** The names of a path’s parameters, e.g. `'/api/webhooks/:id/deliveries/:deliveryId'` → `'id' | 'deliveryId'`. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A path's parameters as an object of strings (`{}` for a path without any). */
export type PathParams<P extends string> = { [K in PathParamNames<P>]: string };

type SchemaIn<S> = S extends z.ZodType ? z.input<S> : undefined;
type SchemaOut<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a client sends as an operation's query (before defaults and coercion). */
export type QueryIn<O extends OperationSpec> = SchemaIn<O['query']>;
/** An operation's query as the server reads it (validated, defaults applied). */
export type QueryOut<O extends OperationSpec> = SchemaOut<O['query']>;
/** What a client sends as an operation's JSON body. */
export type BodyIn<O extends OperationSpec> = SchemaIn<O['body']>;
/** An operation's body as the server reads it (validated, defaults applied). */
export type BodyOut<O extends OperationSpec> = SchemaOut<O['body']>;
/** An operation's answer (undefined for 204). */
export type ResponseOf<O extends OperationSpec> = SchemaOut<O['response']['schema']>;
