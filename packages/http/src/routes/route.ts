import type { Core, Scope } from '@tj/core';
import type { Principal } from '@tj/core/internal';
import type { z } from 'zod';
import type { Upload } from '../io/upload.js';

/** HTTP methods the API uses. */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a route handler gets: the acting user (authenticated routes), path params, query and body. */
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
  /** Server settings a route passes on to core. */
  settings: { openRegistration: boolean; maxUploadBytes: number };
}

/** A handler's answer: status, JSON body (none for 204) and extra headers such as `Location`. */
export interface RouteResult {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** A body that is not JSON (an HTML document): sent as is with its content type. */
  text?: { contentType: string; body: string };
}

/**
 * One endpoint: method, path (find-my-way syntax, `:id`), the zod schemas of its input and
 * output (from core, for the OpenAPI document) and a handler that calls one core function.
 * An authenticated route names the one scope an API key needs for it.
 */
interface RouteBase {
  method: Method;
  path: string;
  operationId: string;
  summary: string;
  tag: string;
  /** Counted by the general rate limit (all but the health probe). */
  rateLimited?: boolean;
  /**
   * Honours `Idempotency-Key`: a retry with the same key and request answers the first response
   * without running again (for every POST that creates something).
   */
  idempotent?: boolean;
  query?: z.ZodType;
  /** The request body schema; routes without one take no body. */
  body?: z.ZodType;
  /** The body is a file (CSV, XML or multipart), streamed to the handler through `ctx.upload()`. */
  upload?: boolean;
  /** A second success answer with the same body schema (a dry run's 200 beside a 201). */
  alsoOk?: { status: number; description: string };
  /** Success status and body schema (none for 204); `contentType` when it is not JSON (`text/html`). */
  response: { status: number; description: string; schema?: z.ZodType; contentType?: string };
  /** Error statuses the route can answer, beyond the ones every route can (400 for query, 429, 500). */
  errors: number[];
  handle(ctx: RouteContext): Promise<RouteResult>;
}

/** An endpoint: public (`auth: false`), or needing a bearer token and, from an API key, `scope`. */
export type Route = RouteBase & ({ auth: false; scope?: undefined } | { auth: true; scope: Scope });

/** A 200 JSON answer. */
export const ok = (body: unknown): RouteResult => ({ status: 200, body });

/** A 201 answer with the new record and its `Location`. */
export const created = (body: { id: string }, base: string): RouteResult => ({
  status: 201,
  body,
  headers: { location: `${base}/${body.id}` },
});

/** A 204 answer. */
export const noContent = (): RouteResult => ({ status: 204 });

/** The value of path parameter `name` (the router guarantees it is there). */
export function param(ctx: RouteContext, name: string): string {
  return ctx.params[name] ?? '';
}
