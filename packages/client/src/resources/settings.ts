import type { CallOptions, Send } from '../transport.js';
import type { Settings, SettingsPatchInput } from '../types.js';

/** The user's settings (`/api/settings`): the trading day start of the user and of each account. */
export function settingsApi(send: Send) {
  return {
    /**
     * The settings.
     *
     * @example const { tradingDayStart } = await client.settings.get();
     */
    get(options?: CallOptions): Promise<Settings> {
      return send<Settings>({ method: 'GET', path: '/settings' }, options);
    },

    /**
     * Changes settings: fields left out keep their value, null clears one, an account set to null drops its settings.
     *
     * @example await client.settings.update({ tradingDayStart: { time: '17:00', timeZone: 'America/Chicago' } });
     */
    update(body: SettingsPatchInput, options?: CallOptions): Promise<Settings> {
      return send<Settings>({ method: 'PATCH', path: '/settings', body }, options);
    },
  };
}
