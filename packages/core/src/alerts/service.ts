import {
  type Alert,
  alertCreateSchema,
  type AlertEvent,
  type AlertEventList,
  alertEventListQuerySchema,
  type AlertList,
  alertUpdateSchema,
  paginationOf,
} from '@tj/schemas';
import type { CoreDeps } from '../shared/deps.js';
import { recordId } from '../shared/record-id.js';
import { notFound } from '../shared/errors.js';
import { isoUtc } from '../shared/iso.js';
import { parseInput } from '../shared/validate.js';
import type { AlertEventRow, AlertRow } from '../storage/rows.js';
import { ruleOptions } from './rule-options.js';

const iso = isoUtc;

/** The API shape of an alert rule. */
export function alertRecord(a: AlertRow): Alert {
  return {
    id: a.id,
    name: a.name,
    type: a.type,
    threshold: a.threshold,
    tz: a.tz,
    active: a.active,
    startingBalance: a.startingBalance,
    trailing: a.trailing,
    stopTrailingAtStart: a.stopTrailingAtStart,
    countOpen: a.countOpen,
    createdAt: iso(a.createdAt),
    updatedAt: iso(a.updatedAt),
  };
}

/** The API shape of one alert trigger. */
export function alertEventRecord(e: AlertEventRow): AlertEvent {
  return { id: e.id, alertId: e.alertId, value: e.value, tradeId: e.tradeId, triggeredAt: iso(e.triggeredAt) };
}

/**
 * Alert rules of one acting user (evaluation happens with each trade change).
 *
 * @example await alerts(deps).create(userId, { name: 'Daily stop', type: 'dailyLossLimit', threshold: 500, tz: 'America/New_York' });
 */
export function alerts(deps: CoreDeps) {
  const { storage } = deps;
  async function load(userId: string, id: string): Promise<AlertRow> {
    const full = await recordId(storage.repos.ids, 'alerts', userId, id, 'alert');
    const row = full === undefined ? undefined : await storage.repos.alerts.get(userId, full);
    if (!row) throw notFound('alert');
    return row;
  }
  return {
    /** Creates a rule → the record. */
    async create(userId: string, input: unknown): Promise<Alert> {
      const body = parseInput(alertCreateSchema, input);
      const now = deps.clock.now();
      const { name, type, threshold, tz, active } = body;
      const options = ruleOptions(type, threshold, body);
      const row: AlertRow = {
        userId,
        id: deps.ids.next(),
        name,
        type,
        threshold,
        tz,
        active,
        ...options,
        createdAt: now,
        updatedAt: now,
      };
      await storage.repos.alerts.insert(row);
      return alertRecord(row);
    },
    /** All rules of the user. */
    async list(userId: string): Promise<AlertList> {
      return { alerts: (await storage.repos.alerts.list(userId)).map(alertRecord) };
    },
    /** One rule, or `not_found`. */
    async get(userId: string, id: string): Promise<Alert> {
      return alertRecord(await load(userId, id));
    },
    /** Partial update of name, threshold, tz, active and the options of the rule's type. */
    async update(userId: string, id: string, input: unknown): Promise<Alert> {
      const patch = parseInput(alertUpdateSchema, input);
      const before = await load(userId, id);
      const after: AlertRow = { ...before, updatedAt: Math.max(deps.clock.now(), before.updatedAt) };
      if (patch.name !== undefined) after.name = patch.name;
      if (patch.threshold !== undefined) after.threshold = patch.threshold;
      if (patch.tz !== undefined) after.tz = patch.tz;
      if (patch.active !== undefined) after.active = patch.active;
      Object.assign(after, ruleOptions(after.type, after.threshold, patch, before));
      await storage.repos.alerts.update(after);
      return alertRecord(after);
    },
    /** Deletes a rule and its history. */
    async delete(userId: string, id: string): Promise<void> {
      const full = await recordId(storage.repos.ids, 'alerts', userId, id, 'alert');
      if (full === undefined || !(await storage.transaction((tx) => tx.alerts.delete(userId, full)))) throw notFound('alert');
    },
    /** Past triggers, newest first. */
    async events(userId: string, id: string, query: unknown): Promise<AlertEventList> {
      const q = parseInput(alertEventListQuerySchema, query ?? {});
      const rule = await load(userId, id);
      const page = await storage.repos.alerts.listEvents(userId, rule.id, q);
      return { events: page.rows.map(alertEventRecord), pagination: paginationOf(q.page, q.limit, page.total) };
    },
  };
}
