import type { TjClient } from '@tj/client';
import { type Credentials, writeCredentials } from '../config/credentials.js';
import type { Env } from '../config/paths.js';
import type { Backend } from './backend.js';

/** Bodies and queries pass through as given; the server validates them (as core does locally). */
const raw = <T>(value: unknown) => value as T;

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

/** The backend of remote mode: the HTTP API through the SDK. */
export function remoteBackend(client: TjClient, server: string): Backend {
  return {
    mode: 'remote',
    where: server,
    me: () => client.auth.me(),
    shortIds: async (kind, ids) => (ids.length === 0 ? {} : (await client.shortIds(kind, ids)).shortIds),
    accounts: () => client.accounts(),
    trades: {
      list: (q) => client.trades.list(raw(q)),
      get: (id) => client.trades.get(id),
      create: (b) => client.trades.create(raw(b)),
      update: (id, b) => client.trades.update(id, raw(b)),
      delete: (id) => client.trades.delete(id),
      statistics: (q) => client.trades.statistics(raw(q)),
    },
    journal: {
      list: (q) => client.journal.list(raw(q)),
      get: (id) => client.journal.get(id),
      create: (b) => client.journal.create(raw(b)),
      update: (id, b) => client.journal.update(id, raw(b)),
      delete: (id) => client.journal.delete(id),
    },
    analytics: {
      dashboard: (q) => client.analytics.dashboard(raw(q)),
      performance: (q) => client.analytics.performance(raw(q)),
      byCategory: (q) => client.analytics.byCategory(raw(q)),
      equityCurve: (q) => client.analytics.equityCurve(raw(q)),
      rDistribution: (q) => client.analytics.rDistribution(raw(q)),
      calendar: (q) => client.analytics.calendar(raw(q)),
    },
    settings: {
      get: () => client.settings.get(),
      update: (b) => client.settings.update(raw(b)),
    },
    webhooks: {
      create: (b) => client.webhooks.create(raw(b)),
      list: () => client.webhooks.list(),
      delete: (id) => client.webhooks.delete(id),
      test: (id) => client.webhooks.test(id),
      deliveries: (id, q) => client.webhooks.deliveries(id, raw(q)),
    },
    alerts: {
      create: (b) => client.alerts.create(raw(b)),
      list: () => client.alerts.list(),
      get: (id) => client.alerts.get(id),
      update: (id, b) => client.alerts.update(id, raw(b)),
      delete: (id) => client.alerts.delete(id),
      events: (id, q) => client.alerts.events(id, raw(q)),
    },
    reports: {
      summaryHtml: (q) => client.reports.summaryHtml(raw(q), { timeoutMs: 300_000 }),
    },
    imports: {
      create: async (path, options, onChunk) => {
        const { openFile } = await import('@tj/client/node');
        const file = await openFile(path);
        async function* watched(): AsyncGenerator<Uint8Array> {
          for await (const chunk of file.body) {
            onChunk?.(chunk);
            yield chunk;
          }
        }
        const { onSkipped: _local, ...sent } = options;
        return client.imports.create(watched(), { ...file.options, ...sent });
      },
      list: (q) => client.imports.list(raw(q)),
      get: (id) => client.imports.get(id),
      undo: (id, force) => client.imports.undo(id, { force }),
      profiles: {
        list: () => client.imports.profiles.list(),
        get: (name) => client.imports.profiles.get(name),
        save: (name, mapping) => client.imports.profiles.save(name, raw(mapping)),
        delete: (name) => client.imports.profiles.delete(name),
      },
    },
    keys: {
      create: (b) => client.keys.create(raw(b)),
      list: () => client.keys.list(),
      revoke: (id) => client.keys.revoke(id),
    },
    totp: {
      status: () => client.auth.totp.status(),
      enrol: () => client.auth.totp.enrol(),
      confirm: (code) => client.auth.totp.confirm(code),
      disable: (code) => client.auth.totp.disable(code),
    },
  };
}
