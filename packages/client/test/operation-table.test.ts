/**
 * The SDK's methods against the operation table, at the type level (checked by `tsc -p
 * tsconfig.test.json` in \`pnpm lint\`): every method answers its operation's response type and
 * takes its query or body type, so a method whose input or output drifts from the table fails to
 * compile. At run time: the generated ENDPOINTS are the table's methods and paths.
 */
import * as schemas from '@tj/schemas';
import { OPERATIONS } from '@tj/schemas';
import type { OperationBody, OperationQuery, OperationResult, TjClient } from '@tj/client';
import { ENDPOINTS } from '../src/endpoints.js';
import { describe, expect, it } from 'vitest';

type Equal<X, Y> = (<T>() => T extends X ? 1 : 2) extends <T>() => T extends Y ? 1 : 2 ? true : false;
type Expect<T extends true> = T;

export type MethodsMatchTheTable = [
  Expect<Equal<ReturnType<TjClient['alerts']['list']>, Promise<OperationResult<'listAlerts'>>>>,
  Expect<Equal<ReturnType<TjClient['alerts']['create']>, Promise<OperationResult<'createAlert'>>>>,
  Expect<Equal<Parameters<TjClient['alerts']['create']>[0], OperationBody<'createAlert'>>>,
  Expect<Equal<ReturnType<TjClient['alerts']['get']>, Promise<OperationResult<'getAlert'>>>>,
  Expect<Equal<ReturnType<TjClient['alerts']['update']>, Promise<OperationResult<'updateAlert'>>>>,
  Expect<Equal<Parameters<TjClient['alerts']['update']>[1], OperationBody<'updateAlert'>>>,
  Expect<Equal<ReturnType<TjClient['alerts']['delete']>, Promise<OperationResult<'deleteAlert'>>>>,
  Expect<Equal<ReturnType<TjClient['alerts']['events']>, Promise<OperationResult<'listAlertEvents'>>>>,
  Expect<Equal<Parameters<TjClient['alerts']['events']>[1], OperationQuery<'listAlertEvents'> | undefined>>,
  Expect<Equal<ReturnType<TjClient['analytics']['dashboard']>, Promise<OperationResult<'dashboard'>>>>,
  Expect<Equal<Parameters<TjClient['analytics']['dashboard']>[0], OperationQuery<'dashboard'> | undefined>>,
  Expect<Equal<ReturnType<TjClient['analytics']['performance']>, Promise<OperationResult<'performance'>>>>,
  Expect<Equal<Parameters<TjClient['analytics']['performance']>[0], OperationQuery<'performance'> | undefined>>,
  Expect<Equal<ReturnType<TjClient['analytics']['byCategory']>, Promise<OperationResult<'byCategory'>>>>,
  Expect<Equal<Parameters<TjClient['analytics']['byCategory']>[0], OperationQuery<'byCategory'>>>,
  Expect<Equal<ReturnType<TjClient['analytics']['equityCurve']>, Promise<OperationResult<'equityCurve'>>>>,
  Expect<Equal<Parameters<TjClient['analytics']['equityCurve']>[0], OperationQuery<'equityCurve'> | undefined>>,
  Expect<Equal<ReturnType<TjClient['analytics']['rDistribution']>, Promise<OperationResult<'rDistribution'>>>>,
  Expect<Equal<Parameters<TjClient['analytics']['rDistribution']>[0], OperationQuery<'rDistribution'> | undefined>>,
  Expect<Equal<ReturnType<TjClient['analytics']['calendar']>, Promise<OperationResult<'calendar'>>>>,
  Expect<Equal<Parameters<TjClient['analytics']['calendar']>[0], OperationQuery<'calendar'>>>,
  Expect<Equal<ReturnType<TjClient['auth']['login']>, Promise<OperationResult<'login'>>>>,
  Expect<Equal<Parameters<TjClient['auth']['login']>[0], OperationBody<'login'>>>,
  Expect<Equal<ReturnType<TjClient['auth']['loginOtp']>, Promise<OperationResult<'loginOtp'>>>>,
  Expect<Equal<Parameters<TjClient['auth']['loginOtp']>[0], OperationBody<'loginOtp'>>>,
  Expect<Equal<ReturnType<TjClient['auth']['totp']['status']>, Promise<OperationResult<'totpStatus'>>>>,
  Expect<Equal<ReturnType<TjClient['auth']['totp']['enrol']>, Promise<OperationResult<'enrolTotp'>>>>,
  Expect<Equal<ReturnType<TjClient['auth']['totp']['confirm']>, Promise<OperationResult<'confirmTotp'>>>>,
  Expect<Equal<ReturnType<TjClient['auth']['totp']['disable']>, Promise<OperationResult<'disableTotp'>>>>,
  Expect<Equal<ReturnType<TjClient['auth']['register']>, Promise<OperationResult<'register'>>>>,
  Expect<Equal<Parameters<TjClient['auth']['register']>[0], OperationBody<'register'>>>,
  Expect<Equal<ReturnType<TjClient['auth']['logout']>, Promise<OperationResult<'logout'>>>>,
  Expect<Equal<ReturnType<TjClient['auth']['me']>, Promise<OperationResult<'me'>>>>,
  Expect<Equal<ReturnType<TjClient['corporateActions']['list']>, Promise<OperationResult<'listCorporateActions'>>>>,
  Expect<Equal<Parameters<TjClient['corporateActions']['list']>[0], OperationQuery<'listCorporateActions'> | undefined>>,
  Expect<Equal<ReturnType<TjClient['corporateActions']['create']>, Promise<OperationResult<'createCorporateAction'>>>>,
  Expect<Equal<Parameters<TjClient['corporateActions']['create']>[0], OperationBody<'createCorporateAction'>>>,
  Expect<Equal<ReturnType<TjClient['corporateActions']['delete']>, Promise<OperationResult<'deleteCorporateAction'>>>>,
  Expect<Equal<ReturnType<TjClient['imports']['list']>, Promise<OperationResult<'listImports'>>>>,
  Expect<Equal<Parameters<TjClient['imports']['list']>[0], OperationQuery<'listImports'> | undefined>>,
  Expect<Equal<ReturnType<TjClient['imports']['get']>, Promise<OperationResult<'getImport'>>>>,
  Expect<Equal<ReturnType<TjClient['imports']['undo']>, Promise<OperationResult<'undoImport'>>>>,
  Expect<Equal<Parameters<TjClient['imports']['undo']>[1], OperationQuery<'undoImport'> | undefined>>,
  Expect<Equal<ReturnType<TjClient['imports']['formats']>, Promise<OperationResult<'listImportFormats'>>>>,
  Expect<Equal<ReturnType<TjClient['imports']['profiles']['list']>, Promise<OperationResult<'listImportProfiles'>>>>,
  Expect<Equal<ReturnType<TjClient['imports']['profiles']['get']>, Promise<OperationResult<'getImportProfile'>>>>,
  Expect<Equal<ReturnType<TjClient['imports']['profiles']['save']>, Promise<OperationResult<'saveImportProfile'>>>>,
  Expect<Equal<Parameters<TjClient['imports']['profiles']['save']>[1], OperationBody<'saveImportProfile'>>>,
  Expect<Equal<ReturnType<TjClient['imports']['profiles']['delete']>, Promise<OperationResult<'deleteImportProfile'>>>>,
  Expect<Equal<ReturnType<TjClient['journal']['list']>, Promise<OperationResult<'listJournalEntries'>>>>,
  Expect<Equal<Parameters<TjClient['journal']['list']>[0], OperationQuery<'listJournalEntries'> | undefined>>,
  Expect<Equal<ReturnType<TjClient['journal']['create']>, Promise<OperationResult<'createJournalEntry'>>>>,
  Expect<Equal<Parameters<TjClient['journal']['create']>[0], OperationBody<'createJournalEntry'>>>,
  Expect<Equal<ReturnType<TjClient['journal']['get']>, Promise<OperationResult<'getJournalEntry'>>>>,
  Expect<Equal<ReturnType<TjClient['journal']['update']>, Promise<OperationResult<'updateJournalEntry'>>>>,
  Expect<Equal<Parameters<TjClient['journal']['update']>[1], OperationBody<'updateJournalEntry'>>>,
  Expect<Equal<ReturnType<TjClient['journal']['delete']>, Promise<OperationResult<'deleteJournalEntry'>>>>,
  Expect<Equal<ReturnType<TjClient['keys']['create']>, Promise<OperationResult<'createApiKey'>>>>,
  Expect<Equal<Parameters<TjClient['keys']['create']>[0], OperationBody<'createApiKey'>>>,
  Expect<Equal<ReturnType<TjClient['keys']['list']>, Promise<OperationResult<'listApiKeys'>>>>,
  Expect<Equal<ReturnType<TjClient['keys']['get']>, Promise<OperationResult<'getApiKey'>>>>,
  Expect<Equal<ReturnType<TjClient['keys']['revoke']>, Promise<OperationResult<'revokeApiKey'>>>>,
  Expect<Equal<ReturnType<TjClient['reports']['summary']>, Promise<OperationResult<'reportSummary'>>>>,
  Expect<Equal<Parameters<TjClient['reports']['summary']>[0], OperationQuery<'reportSummary'> | undefined>>,
  Expect<Equal<ReturnType<TjClient['reports']['summaryHtml']>, Promise<OperationResult<'reportSummaryHtml'>>>>,
  Expect<Equal<Parameters<TjClient['reports']['summaryHtml']>[0], OperationQuery<'reportSummaryHtml'> | undefined>>,
  Expect<Equal<ReturnType<TjClient['settings']['get']>, Promise<OperationResult<'getSettings'>>>>,
  Expect<Equal<ReturnType<TjClient['settings']['update']>, Promise<OperationResult<'updateSettings'>>>>,
  Expect<Equal<Parameters<TjClient['settings']['update']>[0], OperationBody<'updateSettings'>>>,
  Expect<Equal<ReturnType<TjClient['trades']['list']>, Promise<OperationResult<'listTrades'>>>>,
  Expect<Equal<Parameters<TjClient['trades']['list']>[0], OperationQuery<'listTrades'> | undefined>>,
  Expect<Equal<ReturnType<TjClient['trades']['create']>, Promise<OperationResult<'createTrade'>>>>,
  Expect<Equal<Parameters<TjClient['trades']['create']>[0], OperationBody<'createTrade'>>>,
  Expect<Equal<ReturnType<TjClient['trades']['get']>, Promise<OperationResult<'getTrade'>>>>,
  Expect<Equal<ReturnType<TjClient['trades']['update']>, Promise<OperationResult<'updateTrade'>>>>,
  Expect<Equal<Parameters<TjClient['trades']['update']>[1], OperationBody<'updateTrade'>>>,
  Expect<Equal<ReturnType<TjClient['trades']['delete']>, Promise<OperationResult<'deleteTrade'>>>>,
  Expect<Equal<ReturnType<TjClient['trades']['statistics']>, Promise<OperationResult<'tradeStatistics'>>>>,
  Expect<Equal<Parameters<TjClient['trades']['statistics']>[0], OperationQuery<'tradeStatistics'> | undefined>>,
  Expect<Equal<ReturnType<TjClient['webhooks']['create']>, Promise<OperationResult<'createWebhook'>>>>,
  Expect<Equal<Parameters<TjClient['webhooks']['create']>[0], OperationBody<'createWebhook'>>>,
  Expect<Equal<ReturnType<TjClient['webhooks']['list']>, Promise<OperationResult<'listWebhooks'>>>>,
  Expect<Equal<ReturnType<TjClient['webhooks']['delete']>, Promise<OperationResult<'deleteWebhook'>>>>,
  Expect<Equal<ReturnType<TjClient['webhooks']['test']>, Promise<OperationResult<'testWebhook'>>>>,
  Expect<Equal<ReturnType<TjClient['webhooks']['deliveries']>, Promise<OperationResult<'listWebhookDeliveries'>>>>,
  Expect<Equal<Parameters<TjClient['webhooks']['deliveries']>[1], OperationQuery<'listWebhookDeliveries'> | undefined>>,
  Expect<Equal<ReturnType<TjClient['webhooks']['redeliver']>, Promise<OperationResult<'redeliverWebhookDelivery'>>>>,
];

describe('the SDK and the operation table', () => {
  it('holds each area’s operations once: no id is declared by two areas', () => {
    const areas = Object.entries(schemas).filter(([name]) => name.endsWith('Operations'));
    expect(areas.length).toBeGreaterThanOrEqual(14);
    const declared = areas.reduce((n, [, table]) => n + Object.keys(table as object).length, 0);
    expect(Object.keys(OPERATIONS)).toHaveLength(declared);
  });

  it('calls every operation with the table’s method and path (ENDPOINTS is generated from it)', () => {
    expect(Object.keys(ENDPOINTS)).toEqual(Object.keys(OPERATIONS));
    for (const [id, op] of Object.entries(OPERATIONS)) {
      const endpoint = ENDPOINTS[id as keyof typeof ENDPOINTS];
      expect({ method: endpoint.method, path: `/api${endpoint.path}` }, id).toEqual({ method: op.method, path: op.path });
    }
  });
});
