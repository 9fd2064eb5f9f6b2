import type { Repositories } from '../../storage/ports.js';
import { sqlAlertRepo } from './alert-repo.js';
import { sqlApiKeyRepo } from './api-key-repo.js';
import { sqlBarRepo } from './bar-repo.js';
import type { SqlContext } from './context.js';
import { sqlCorporateActionRepo } from './corporate-action-repo.js';
import { sqlExecutionRepo } from './execution-repo.js';
import { sqlExcursionRepo } from './excursion-repo.js';
import { sqlIdRepo } from './id-repo.js';
import { sqlIdempotencyRepo } from './idempotency-repo.js';
import { sqlFxRateRepo } from './fx-rate-repo.js';
import { sqlImportProfileRepo } from './import-profile-repo.js';
import { sqlImportRepo } from './import-repo.js';
import { sqlJournalRepo } from './journal-repo.js';
import { sqlOutboxRepo } from './outbox-repo.js';
import { sqlSettingsRepo } from './settings-repo.js';
import { sqlStateRepo } from './state-repo.js';
import { sqlTokenRepo } from './token-repo.js';
import { sqlTotpRepo } from './totp-repo.js';
import { sqlTradeDayRepo } from './day-summary-repo.js';
import { sqlTradeRepo } from './trade-repo.js';
import { sqlUserRepo } from './user-repo.js';
import { sqlWebhookRepo } from './webhook-repo.js';

/** Every repository bound to one connection or transaction. */
export function sqlRepositories(ctx: SqlContext): Repositories {
  return {
    users: sqlUserRepo(ctx),
    tokens: sqlTokenRepo(ctx),
    trades: sqlTradeRepo(ctx),
    executions: sqlExecutionRepo(ctx),
    corporateActions: sqlCorporateActionRepo(ctx),
    journal: sqlJournalRepo(ctx),
    webhooks: sqlWebhookRepo(ctx),
    outbox: sqlOutboxRepo(ctx),
    alerts: sqlAlertRepo(ctx),
    state: sqlStateRepo(ctx),
    ids: sqlIdRepo(ctx),
    apiKeys: sqlApiKeyRepo(ctx),
    idempotency: sqlIdempotencyRepo(ctx),
    totp: sqlTotpRepo(ctx),
    imports: sqlImportRepo(ctx),
    importProfiles: sqlImportProfileRepo(ctx),
    settings: sqlSettingsRepo(ctx),
    tradeDays: sqlTradeDayRepo(ctx),
    fxRates: sqlFxRateRepo(ctx),
    bars: sqlBarRepo(ctx),
    excursions: sqlExcursionRepo(ctx),
  };
}
