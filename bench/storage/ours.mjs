import { coreDeps } from '@tj/core/internal';
// Our path: core's real code (createCore over @tj/core/sqlite or @tj/core/postgres).

import { createCore } from '@tj/core';
import { openPostgresStorage } from '@tj/core/postgres';
import { openSqliteStorage } from '@tj/core/sqlite';
import { rawClient } from '../lib/postgres.mjs';
import { dashboardAnswer, statisticsAnswer } from './answers.mjs';
import { captureSql, explainCaptured } from './explain.mjs';

const ALERTS = [
  { name: 'daily loss', type: 'dailyLossLimit', threshold: 5000 },
  { name: 'losing streak', type: 'maxConsecutiveLosses', threshold: 5 },
  { name: 'drawdown', type: 'maxDrawdown', threshold: 1_000_000 },
  { name: 'risk', type: 'riskPerTrade', threshold: 1_000_000 },
  { name: 'no stop', type: 'missingStopLoss', threshold: 0 },
];

/** Our path as a bench subject. */
export function ourSubject(opts) {
  const { userId } = opts;
  let storage;
  let core;
  const listAnswer = (r) => ({ ids: r.trades.map((t) => t.id), total: r.pagination.total });
  return {
    async open() {
      storage =
        opts.db === 'sqlite' ? await openSqliteStorage({ file: opts.target }) : await openPostgresStorage({ url: opts.target });
      core = createCore({ storage });
    },
    insertBatch: (rows) => storage.transaction((tx) => tx.trades.insertMany(rows)),
    async afterLoad() {
      if (opts.db !== 'postgres') return;
      const c = await rawClient(opts.target, opts.schema);
      await c.query('VACUUM ANALYZE trades');
      await c.end();
    },
    list: async () => listAnswer(await core.trades.list(userId, { limit: 20 })),
    listFiltered: async (instrument) => listAnswer(await core.trades.list(userId, { instrument, limit: 20 })),
    // A fresh core per call: its analytics cache is empty, so these time the real scan, not a cache hit.
    statistics: async (instrument) =>
      statisticsAnswer(await createCore({ storage }).analytics.statistics(userId, instrument ? { instrument } : {})),
    async dashboard() {
      return dashboardAnswer((await createCore({ storage }).analytics.dashboard(userId, {})).summary);
    },
    create: (body) => core.trades.create(userId, body),
    async armAlerts() {
      for (const a of ALERTS) await core.alerts.create(userId, a);
      const now = Date.now();
      await storage.repos.webhooks.insert({
        userId,
        id: coreDeps(core).ids.next(),
        url: 'https://example.invalid/hook',
        events: ['*'],
        secret: 'bench-secret',
        active: true,
        createdAt: now,
        updatedAt: now,
      });
    },
    async explain(instrument) {
      const ops = {
        'list page': () => core.trades.list(userId, { limit: 20 }),
        'list page instrument': () => core.trades.list(userId, { instrument, limit: 20 }),
        statistics: () => core.analytics.statistics(userId, {}),
        'statistics instrument': () => core.analytics.statistics(userId, { instrument }),
        dashboard: () => core.analytics.dashboard(userId, {}),
      };
      const captured = [];
      for (const [label, fn] of Object.entries(ops)) captured.push(...(await captureSql(label, fn)));
      return explainCaptured(captured, opts);
    },
    close: async () => storage?.close(),
  };
}
