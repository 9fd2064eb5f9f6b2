/**
 * The types of calling an operation, from the operation table alone (type-only: nothing of zod or
 * the schemas reaches the bundle): its query, body and answer as the SDK takes and gives them.
 */
import type { OperationId, OperationOf, PathParamNames } from '@tj/schemas';
import type { z } from 'zod';

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
