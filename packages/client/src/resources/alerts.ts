import type { Call } from '../operation.js';
import type { CallOptions } from '../transport.js';
import type { Alert, AlertCreateInput, AlertEventList, AlertEventListQuery, AlertList, AlertUpdateInput } from '../types.js';

/** The alert endpoints. */
export function alertsApi(call: Call) {
  return {
    /**
     * The user's alert rules.
     *
     * @example const { alerts } = await client.alerts.list();
     */
    list(options?: CallOptions): Promise<AlertList> {
      return call('listAlerts', {}, options);
    },

    /**
     * Creates an alert rule.
     *
     * @example const alert = await client.alerts.create({ name: 'Daily stop', type: 'dailyLossLimit', threshold: 500, tz: 'Europe/London' });
     */
    create(body: AlertCreateInput, options?: CallOptions): Promise<Alert> {
      return call('createAlert', { body }, options);
    },

    /**
     * One alert rule by id.
     *
     * @example const alert = await client.alerts.get(alertId);
     */
    get(alertId: string, options?: CallOptions): Promise<Alert> {
      return call('getAlert', { params: { id: alertId } }, options);
    },

    /**
     * Changes an alert's name, threshold, time zone or active flag.
     *
     * @example await client.alerts.update(alertId, { active: false });
     */
    update(alertId: string, body: AlertUpdateInput, options?: CallOptions): Promise<Alert> {
      return call('updateAlert', { params: { id: alertId }, body }, options);
    },

    /**
     * Deletes an alert rule.
     *
     * @example await client.alerts.delete(alertId);
     */
    async delete(alertId: string, options?: CallOptions): Promise<void> {
      await call('deleteAlert', { params: { id: alertId } }, options);
    },

    /**
     * Past triggers of an alert, newest first.
     *
     * @example const { events } = await client.alerts.events(alertId, { limit: 50 });
     */
    events(alertId: string, query: AlertEventListQuery = {}, options?: CallOptions): Promise<AlertEventList> {
      return call('listAlertEvents', { params: { id: alertId }, query }, options);
    },
  };
}
