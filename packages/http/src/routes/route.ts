import type { BodyOut, Core, OperationSpec, PathParams, QueryOut, ResponseOf } from '@tj/core';
import type { Principal } from '@tj/core/internal';
import type { Upload } from '../io/upload.js';

export type { Method } from '@tj/core';

/** Server settings a handler passes on to core. */
export interface RouteSettings {
  openRegistration: boolean;
  maxUploadBytes: number;
}

/** What the server hands a route: the acting user (authenticated routes), path params, raw query and body. */
export interface RouteContext {
  core: Core;
  /** The authenticated user's id; empty on public routes. */
  userId: string;
  /** Who acts (user, scopes, API key); undefined on public routes. */
  principal: Principal | undefined;
  params: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
  /** Opens the request body as a streamed file (routes with `upload`); the first call only. */
  upload: () => Promise<Upload>;
  settings: RouteSettings;
}

/** A handler's answer: status, JSON body (none for 204) and extra headers such as `Location`. */
export interface RouteResult<B = unknown> {
  status: number;
  body?: B;
  headers?: Record<string, string>;
  /** A body that is not JSON (an HTML document): sent as is with its content type. */
  text?: { contentType: string; body: string };
}

/** An operation bound to its handler, as the router, the request handler and the OpenAPI document take it. */
export type Route = OperationSpec & {
  operationId: string;
  handle(ctx: RouteContext): Promise<RouteResult>;
};

/**
 * What the handler of operation `O` gets: its path parameters by name, its query and body
 * validated by the operation's schemas (an upload's query stays raw: its options arrive with the
 * multipart fields, read with the file).
 */
export interface HandlerContext<O extends OperationSpec> extends Omit<RouteContext, 'params' | 'query' | 'body'> {
  params: PathParams<O['path']>;
  query: O['upload'] extends true ? Record<string, string> : QueryOut<O>;
  body: BodyOut<O>;
}

/** The handler of operation `O`: calls one core function and shapes its answer. */
export type Handler<O extends OperationSpec> = (ctx: HandlerContext<O>) => Promise<RouteResult<ResponseOf<O>>>;

/** One handler for each operation of a table, and none for any other (a missing or extra one does not compile). */
export type HandlersOf<T extends Readonly<Record<string, OperationSpec>>> = { [K in keyof T]: Handler<T[K]> };

/** A 200 JSON answer. */
export const ok = <B>(body: B): RouteResult<B> => ({ status: 200, body });

/** A 201 answer with the new record; its `Location` is the operation's path and the record's id (see `bindRoutes`). */
export const created = <B extends { id: string }>(body: B): RouteResult<B> => ({ status: 201, body });

/** A 204 answer. */
export const noContent = (): RouteResult<undefined> => ({ status: 204 });
