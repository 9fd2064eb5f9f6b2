import type { TjClient } from '@tj/client';
import { type Credentials, writeCredentials } from '../config/credentials.js';
import type { Env } from '../config/paths.js';
import { UsageError } from '../errors.js';
import type { LocalSession } from './local-app.js';

/** The base URL of the in-process app: never dialled, it only names the requests. */
const IN_PROCESS = 'http://tj.local';

/**
 * An SDK client for the stored credentials; every token rotation is written back to the
 * credentials file at once (mode 0600), and a refused refresh forgets the tokens.
 */
export async function remoteClient(env: Env, credentials: Credentials): Promise<TjClient> {
  const { createClient } = await import('@tj/client');
  const { server, email } = credentials;
  const tokens =
    credentials.accessToken && credentials.refreshToken
      ? {
          accessToken: credentials.accessToken,
          refreshToken: credentials.refreshToken,
          ...(credentials.expiresAt !== undefined && { expiresAt: credentials.expiresAt }),
        }
      : undefined;
  return createClient({
    baseUrl: server,
    ...(tokens && { tokens }),
    onTokens: (next) => writeCredentials(env, { server, ...(email !== undefined && { email }), ...(next ?? {}) }),
  });
}

/**
 * An SDK client of `server` acting with an API key (TJ_SERVER and TJ_API_KEY): nothing is stored,
 * and the key is never refreshed. A missing or malformed server is a usage error.
 */
export async function apiKeyClient(server: string | undefined, apiKey: string): Promise<TjClient> {
  const url = URL.canParse(server ?? '') ? new URL(server as string) : undefined;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    const given = server ? `, not "${server}"` : '';
    throw new UsageError(`TJ_API_KEY needs TJ_SERVER, the server's http(s) URL (such as https://journal.example.com)${given}`);
  }
  const { createClient } = await import('@tj/client');
  return createClient({ baseUrl: url.href.replace(/\/+$/, ''), apiKey });
}

/**
 * An SDK client of the local database's app, answered in this process (no socket), acting as
 * `userId` through an access token the app signs with the database's key. No time limit: a big
 * import takes as long as it takes, as it always did locally.
 */
export async function localClient(session: LocalSession, userId: string): Promise<TjClient> {
  const [{ createClient }, { inProcessFetch }] = await Promise.all([import('@tj/client'), import('@tj/http/app')]);
  const accessToken = await session.app.tokens.issuer.issue(userId);
  // An access token sent as is, never refreshed: the SDK's `apiKey` option does exactly that.
  return createClient({ baseUrl: IN_PROCESS, fetch: inProcessFetch(session.app.handler), apiKey: accessToken, timeoutMs: 0 });
}

/** A query or body as commands build it from flags; the server validates it, whichever mode. */
export type Input = Record<string, unknown>;

/** `value` passed as the SDK method's parameter type: the server checks it and answers its field errors. */
export const raw = <T>(value: Input): T => value as T;
