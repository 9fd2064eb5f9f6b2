import { settingsPatchSchema, settingsSchema } from '../settings.js';
import type { OperationTable } from './spec.js';

const PATH = '/api/settings';

/** The user's settings, one resource read whole and changed by partial update. */
export const settingsOperations = {
  getSettings: {
    method: 'GET',
    path: PATH,
    summary: 'The settings: the trading day start of the user and of each account',
    tag: 'settings',
    auth: true,
    scope: 'read',
    response: { status: 200, description: 'The settings', schema: settingsSchema },
    errors: [401, 403],
  },
  updateSettings: {
    method: 'PATCH',
    path: PATH,
    summary: 'Change settings: fields left out keep their value, null clears one, an account set to null drops its settings',
    tag: 'settings',
    auth: true,
    scope: 'write',
    body: settingsPatchSchema,
    response: { status: 200, description: 'The settings after the change', schema: settingsSchema },
    errors: [400, 401, 403, 413, 415],
  },
} as const satisfies OperationTable;
