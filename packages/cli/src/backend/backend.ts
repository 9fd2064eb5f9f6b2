import type {
  AccountList,
  Alert,
  AlertEvent,
  ApiKey,
  ApiKeyCreated,
  ByCategory,
  Calendar,
  Dashboard,
  Delivery,
  DeliveryOutcome,
  EquityCurve,
  IdKind,
  ImportList,
  ImportProfile,
  ImportRecord,
  MappingProfile,
  JournalEntry,
  Pagination,
  Performance,
  RDistribution,
  Settings,
  Statistics,
  TotpEnabled,
  TotpEnrolment,
  TotpStatus,
  Trade,
  User,
  Webhook,
} from '@tj/core';

/** How `imports.create` reads a file (the options of `tj import`). */
export interface ImportFileOptions {
  format?: string;
  sourceTz: string;
  dryRun?: boolean;
  skipInvalid?: boolean;
  pointValues?: Record<string, number>;
  /** A column mapping (`--map`): the file is read with it alone. */
  map?: MappingProfile;
  /** Hears each row `skipInvalid` left out (local mode; the server only counts them). */
  onSkipped?: (row: { line: number; message: string; raw: string }) => void;
}

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
  /** The short id of each id among the user's ids of its kind (an empty list answers {}). */
  shortIds(kind: IdKind, ids: string[]): Promise<Record<string, string>>;
  /** The accounts the user's trades carry. */
  accounts(): Promise<AccountList>;
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
    calendar(query: Input): Promise<Calendar>;
  };
  settings: {
    get(): Promise<Settings>;
    update(body: Input): Promise<Settings>;
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
    get(id: string): Promise<Alert>;
    update(id: string, body: Input): Promise<Alert>;
    delete(id: string): Promise<void>;
    events(id: string, query: Input): Promise<{ events: AlertEvent[]; pagination: Pagination }>;
  };
  reports: {
    /** The summary report as one HTML page; `onProgress` hears of the trades read (local mode). */
    summaryHtml(query: Input, onProgress?: (done: number, total: number) => void): Promise<string>;
  };
  imports: {
    /**
     * Imports a file from disk, recorded (locally through core, remotely streamed to the API);
     * `onChunk` sees each piece of the file as it is read (for a progress bar).
     */
    create(path: string, options: ImportFileOptions, onChunk?: (chunk: Uint8Array) => void): Promise<ImportRecord>;
    list(query: Input): Promise<ImportList>;
    get(id: string): Promise<ImportRecord>;
    undo(id: string, force: boolean): Promise<ImportRecord>;
    /** Saved column mappings (`--save-profile`): each is a format of the user's imports. */
    profiles: {
      list(): Promise<{ profiles: ImportProfile[] }>;
      get(name: string): Promise<ImportProfile>;
      save(name: string, mapping: Input): Promise<ImportProfile>;
      delete(name: string): Promise<void>;
    };
  };
  keys: {
    create(body: Input): Promise<ApiKeyCreated>;
    list(): Promise<{ keys: ApiKey[] }>;
    revoke(id: string): Promise<void>;
  };
  totp: {
    status(): Promise<TotpStatus>;
    enrol(): Promise<TotpEnrolment>;
    confirm(code: string): Promise<TotpEnabled>;
    disable(code: string): Promise<void>;
  };
}
