/**
 * The operation table: every operation of the API, declared once as plain data (method, path,
 * the schemas of its input and output, scope, idempotent, paginated). The server binds one
 * handler to each, its router, 405 answers and OpenAPI document come from it, and the SDK takes
 * its methods' paths and types from it.
 */
import { accountOperations } from './accounts.js';
import { alertOperations } from './alerts.js';
import { analyticsOperations } from './analytics.js';
import { authOperations } from './auth.js';
import { barOperations } from './bars.js';
import { corporateActionOperations } from './corporate-actions.js';
import { fxOperations } from './fx.js';
import { importOperations } from './imports.js';
import { journalOperations } from './journal.js';
import { keyOperations } from './keys.js';
import { reportOperations } from './reports.js';
import { settingsOperations } from './settings.js';
import type { OperationTable } from './spec.js';
import { systemOperations } from './system.js';
import { totpOperations } from './totp.js';
import { tradeOperations } from './trades.js';
import { webhookOperations } from './webhooks.js';

export {
  accountOperations,
  alertOperations,
  analyticsOperations,
  authOperations,
  barOperations,
  corporateActionOperations,
  fxOperations,
  importOperations,
  journalOperations,
  keyOperations,
  reportOperations,
  settingsOperations,
  systemOperations,
  totpOperations,
  tradeOperations,
  webhookOperations,
};
export * from './spec.js';

/** Every operation of the API by id, in the order the OpenAPI document lists them. */
export const OPERATIONS = {
  ...authOperations,
  ...totpOperations,
  ...keyOperations,
  ...tradeOperations,
  ...accountOperations,
  ...importOperations,
  ...corporateActionOperations,
  ...analyticsOperations,
  ...fxOperations,
  ...barOperations,
  ...reportOperations,
  ...journalOperations,
  ...webhookOperations,
  ...alertOperations,
  ...settingsOperations,
  ...systemOperations,
} as const satisfies OperationTable;

/** The id of an operation (`listTrades`, `createImport`, …). */
export type OperationId = keyof typeof OPERATIONS;

/** The declaration of operation `K`. */
export type OperationOf<K extends OperationId> = (typeof OPERATIONS)[K];
