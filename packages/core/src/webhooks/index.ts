export { deliveryEngine, FAILING_DEACTIVATION_MS, type AttemptOutcome, type DeliveryEngine } from './engine.js';
export { parseIpAddress, parseIPv4, parseIPv6, type IpAddress } from './ip-address.js';
export { classifyAttempt, RETRY_AFTER_STATUSES, type AttemptVerdict } from './outcome.js';
export type { SendRequest, SendResult, TargetGuard, WebhookSender } from './ports.js';
export { isPrivateAddress } from './private-address.js';
export { attemptRecord, deliveryRecord, webhookRecord } from './records.js';
export { deliveryHeaders, WEBHOOK_USER_AGENT, WEBHOOKS_VERSION, type DeliveryMessage } from './request.js';
export {
  DEFAULT_RETRY_SCHEDULE,
  MAX_RETRY_AFTER_MS,
  normalizeRetrySchedule,
  parseRetryAfter,
  RETRY_JITTER,
  retryDelayMs,
} from './retry.js';
export { createOutboxSignal, type LocalDelivery, type LocalDispatcher, type OutboxSignal } from './signal.js';
export { responseBodyHead } from './response-body.js';
export { newWebhookSecret, WEBHOOK_SECRET_BYTES } from './secret.js';
export { signWebhookPayload, standardWebhookSignature, verifyWebhookSignature, webhookSigningKey } from './signature.js';
export { hostOf, isLocalhostName, literalTargetGuard, literalTargetRefusal } from './target.js';
export { DEFAULT_RETENTION_DAYS, MAX_WEBHOOKS_PER_USER, webhooks, type WebhookOptions, type WebhooksService } from './service.js';
export { createDeliveryWorker, type DeliveryWorker, type DeliveryWorkerOptions } from './worker.js';
