export { guardedLookup, PRIVATE_TARGET, type Resolver, systemResolver } from './guarded-lookup.js';
export { type ClosableWebhookSender, createWebhookSender, type WebhookSenderOptions } from './sender.js';
export { createTargetGuard, type TargetGuardOptions } from './target-guard.js';
