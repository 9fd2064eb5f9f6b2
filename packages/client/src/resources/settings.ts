import type { Call } from '../operation.js';
import type { CallOptions } from '../transport.js';
import type { Settings, SettingsPatchInput } from '../types.js';

/** The user's settings (`/api/settings`): the trading day start of the user and of each account. */
export function settingsApi(call: Call) {
  return {
    /**
     * The settings.
     *
     * @example const { tradingDayStart } = await client.settings.get();
     */
    get(options?: CallOptions): Promise<Settings> {
      return call('getSettings', {}, options);
    },

    /**
     * Changes settings: fields left out keep their value, null clears one, an account set to null drops its settings.
     *
     * @example await client.settings.update({ tradingDayStart: { time: '17:00', timeZone: 'America/Chicago' } });
     */
    update(body: SettingsPatchInput, options?: CallOptions): Promise<Settings> {
      return call('updateSettings', { body }, options);
    },
  };
}
