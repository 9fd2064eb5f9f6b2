import type { User } from '@tj/core';
import type { Backend } from './backend.js';
import { createReadStream } from 'node:fs';
import { basename } from 'node:path';

/** A file's bytes, each piece shown to `onChunk` as it is read. */
async function* fileChunks(path: string, onChunk?: (chunk: Uint8Array) => void): AsyncGenerator<Uint8Array> {
  for await (const chunk of createReadStream(path, { highWaterMark: 256 * 1024 })) {
    onChunk?.(chunk as Buffer);
    yield chunk as Buffer;
  }
}
import type { LocalSession } from './local-session.js';

/** The backend of local mode: core on the local database, acting as `user`. */
export function localBackend(session: LocalSession, user: User): Backend {
  const { core } = session;
  const u = user.id;
  return {
    mode: 'local',
    where: session.where,
    me: async () => user,
    shortIds: async (kind, ids) => (ids.length === 0 ? {} : (await core.ids.short(u, { kind, ids: ids.join(',') })).shortIds),
    accounts: () => core.accounts.list(u),
    trades: {
      list: (q) => core.trades.list(u, q),
      get: (id) => core.trades.get(u, id),
      create: (b) => core.trades.create(u, b),
      update: (id, b) => core.trades.update(u, id, b),
      delete: (id) => core.trades.delete(u, id),
      statistics: (q) => core.analytics.statistics(u, q),
    },
    journal: {
      list: (q) => core.journal.list(u, q),
      get: (id) => core.journal.get(u, id),
      create: (b) => core.journal.create(u, b),
      update: (id, b) => core.journal.update(u, id, b),
      delete: (id) => core.journal.delete(u, id),
    },
    analytics: {
      dashboard: (q) => core.analytics.dashboard(u, q),
      performance: (q) => core.analytics.performance(u, q),
      byCategory: (q) => core.analytics.byCategory(u, q),
      equityCurve: (q) => core.analytics.equityCurve(u, q),
      rDistribution: (q) => core.analytics.rDistribution(u, q),
      calendar: (q) => core.analytics.calendar(u, q),
    },
    settings: {
      get: () => core.settings.get(u),
      update: (b) => core.settings.update(u, b),
    },
    webhooks: {
      create: (b) => core.webhooks.create(u, b),
      list: () => core.webhooks.list(u),
      delete: (id) => core.webhooks.delete(u, id),
      test: (id) => core.webhooks.test(u, id),
      deliveries: (id, q) => core.webhooks.deliveries(u, id, q),
    },
    alerts: {
      create: (b) => core.alerts.create(u, b),
      list: () => core.alerts.list(u),
      get: (id) => core.alerts.get(u, id),
      update: (id, b) => core.alerts.update(u, id, b),
      delete: (id) => core.alerts.delete(u, id),
      events: (id, q) => core.alerts.events(u, id, q),
    },
    reports: {
      async summaryHtml(q, onProgress) {
        const data = await core.reports.summary(u, q, onProgress ? { onProgress } : {});
        const { renderReportHtml } = await import('@tj/report');
        return (await renderReportHtml(data)).html;
      },
    },
    imports: {
      create: (path, options, onChunk) =>
        core.imports.create(u, { name: basename(path), open: () => fileChunks(path, onChunk) }, options),
      list: (q) => core.imports.list(u, q),
      get: (id) => core.imports.get(u, id),
      undo: (id, force) => core.imports.undo(u, id, { force }),
      profiles: {
        list: () => core.imports.profiles.list(u),
        get: (name) => core.imports.profiles.get(u, name),
        save: async (name, mapping) => (await core.imports.profiles.save(u, name, mapping)).profile,
        delete: (name) => core.imports.profiles.remove(u, name),
      },
    },
    keys: {
      create: (b) => core.apiKeys.create(u, b),
      list: () => core.apiKeys.list(u),
      revoke: (id) => core.apiKeys.revoke(u, id),
    },
    totp: {
      status: () => core.auth.totp.status(u),
      enrol: () => core.auth.totp.enrol(u),
      confirm: (code) => core.auth.totp.confirm(u, { code }),
      disable: (code) => core.auth.totp.disable(u, { code }),
    },
  };
}
