import type {
  Alert,
  ByCategory,
  Dashboard,
  Delivery,
  DeliveryOutcome,
  EquityCurve,
  JournalEntry,
  Pagination,
  Performance,
  RDistribution,
  Statistics,
  Trade,
  User,
  Webhook,
} from '@tj/core';

/** A raw query or body: validated by core (local) or by the server (remote). */
export type Input = Record<string, unknown>;

/**
 * What commands work with, whichever mode: core on a local database, or the HTTP API through
 * the SDK after `tj login`. Every call acts as one user; errors are CoreError or TjApiError.
 */
export interface Backend {
  readonly mode: 'local' | 'remote';
  /** The database or server, fit to print. */
  readonly where: string;
  me(): Promise<User>;
  trades: {
    list(query: Input): Promise<{ trades: Trade[]; pagination: Pagination }>;
    get(id: string): Promise<Trade>;
    create(body: Input): Promise<Trade>;
    update(id: string, body: Input): Promise<Trade>;
    delete(id: string): Promise<void>;
    statistics(query: Input): Promise<Statistics>;
  };
  journal: {
    list(query: Input): Promise<{ entries: JournalEntry[]; pagination: Pagination }>;
    get(id: string): Promise<JournalEntry>;
    create(body: Input): Promise<JournalEntry>;
    update(id: string, body: Input): Promise<JournalEntry>;
    delete(id: string): Promise<void>;
  };
  analytics: {
    dashboard(query: Input): Promise<Dashboard>;
    performance(query: Input): Promise<Performance>;
    byCategory(query: Input): Promise<ByCategory>;
    equityCurve(query: Input): Promise<EquityCurve>;
    rDistribution(query: Input): Promise<RDistribution>;
  };
  webhooks: {
    create(body: Input): Promise<Webhook & { secret: string }>;
    list(): Promise<{ webhooks: Webhook[] }>;
    delete(id: string): Promise<void>;
    test(id: string): Promise<DeliveryOutcome>;
    deliveries(id: string, query: Input): Promise<{ deliveries: Delivery[]; pagination: Pagination }>;
  };
  alerts: {
    create(body: Input): Promise<Alert>;
    list(): Promise<{ alerts: Alert[] }>;
    delete(id: string): Promise<void>;
  };
}
