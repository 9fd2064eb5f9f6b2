export { type ClientOptions, createClient, type TjClient } from './client.js';
export { CLIENT_USER_AGENT } from './user-agent.js';
export { ClientErrorCode, isTjApiError, TjApiError, type TjApiErrorCode, type TjApiErrorInit } from './errors.js';
export { type Page, paginate } from './paginate.js';
export type { ImportBody, ImportCreateOptions, KeyValues } from './resources/imports.js';
export type { BarImportOptions } from './resources/bars.js';
export type { RetryOptions } from './retry.js';
export type { Tokens, TokensListener } from './session.js';
export type { CallOptions } from './transport.js';
export type { Call, OperationBody, OperationInput, OperationQuery, OperationResult } from './operation.js';
export type * from './types.js';
export {
  constructEvent,
  type ConstructEventOptions,
  verifyWebhookSignature,
  WebhookVerificationError,
} from './webhooks/verify.js';
/** Short ids (an id's last 10 hexadecimal digits): what lists show people, taken wherever an id is. */
export { isShortId, shortId } from '@tj/schemas/short-id';
