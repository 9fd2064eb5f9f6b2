import type { CallOptions, Send } from '../transport.js';
import type { Alert, AlertCreateInput, AlertEventList, AlertEventListQuery, AlertList, AlertUpdateInput } from '../types.js';

const id = (alertId: string) => `/alerts/${encodeURIComponent(alertId)}`;

/** The alert endpoints. */
export function alertsApi(send: Send) {
  return {
    /**
     * The user's alert rules.
     *
     * @example const { alerts } = await client.alerts.list();
     */
    list(options?: CallOptions): Promise<AlertList> {
      return send<AlertList>({ method: 'GET', path: '/alerts' }, options);
    },

    /**
     * Creates an alert rule.
     *
     * @example const alert = await client.alerts.create({ name: 'Daily stop', type: 'dailyLossLimit', threshold: 500, tz: 'Europe/London' });
     */
    create(body: AlertCreateInput, options?: CallOptions): Promise<Alert> {
      return send<Alert>({ method: 'POST', path: '/alerts', body, idempotent: true }, options);
    },

    /**
     * One alert rule by id.
     *
     * @example const alert = await client.alerts.get(alertId);
     */
    get(alertId: string, options?: CallOptions): Promise<Alert> {
      return send<Alert>({ method: 'GET', path: id(alertId) }, options);
    },

    /**
     * Changes an alert's name, threshold, time zone or active flag.
     *
     * @example await client.alerts.update(alertId, { active: false });
     */
    update(alertId: string, body: AlertUpdateInput, options?: CallOptions): Promise<Alert> {
      return send<Alert>({ method: 'PATCH', path: id(alertId), body }, options);
    },

    /**
     * Deletes an alert rule.
     *
     * @example await client.alerts.delete(alertId);
     */
    async delete(alertId: string, options?: CallOptions): Promise<void> {
      await send<void>({ method: 'DELETE', path: id(alertId) }, options);
    },

    /**
     * Past triggers of an alert, newest first.
     *
     * @example const { events } = await client.alerts.events(alertId, { limit: 50 });
     */
    events(alertId: string, query: AlertEventListQuery = {}, options?: CallOptions): Promise<AlertEventList> {
      return send<AlertEventList>({ method: 'GET', path: `${id(alertId)}/events`, query }, options);
    },
  };
}
