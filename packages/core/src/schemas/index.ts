export * from './alert.js';
export * from './analytics.js';
export * from './auth.js';
export * from './common.js';
export * from './journal.js';
export * from './trade.js';
export * from './webhook.js';
