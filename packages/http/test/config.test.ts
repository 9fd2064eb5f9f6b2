import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { DEFAULTS } from '@tj/core';
import { createServer, defaultDatabasePath, parseInputLimits, resolveServerConfig } from '@tj/http';
import { describe, expect, it } from 'vitest';
import { call } from './support/http.js';

describe('resolveServerConfig', () => {
  it('defaults: XDG data file, port 3000, host 127.0.0.1, registration closed, private webhooks refused', () => {
    const c = resolveServerConfig({}, { HOME: '/home/ann' });
    expect(c).toEqual({
      databaseUrl: '/home/ann/.local/share/trading-journal/journal.db',
      port: 3000,
      host: '127.0.0.1',
      jwtSecret: undefined,
      openRegistration: false,
      allowPrivateWebhooks: false,
      webhookRetrySchedule: undefined,
    });
  });

  it('uses $XDG_DATA_HOME when set', () => {
    expect(defaultDatabasePath({ XDG_DATA_HOME: '/xdg', HOME: '/home/ann' })).toBe('/xdg/trading-journal/journal.db');
  });

  it('reads every variable of contract section 8', () => {
    const c = resolveServerConfig(
      {},
      {
        TJ_DATABASE_URL: 'postgres://db/x',
        TJ_PORT: '8080',
        TJ_HOST: '0.0.0.0',
        TJ_JWT_SECRET: 's'.repeat(40),
        TJ_OPEN_REGISTRATION: 'true',
        TJ_ALLOW_PRIVATE_WEBHOOKS: 'true',
        TJ_WEBHOOK_RETRY_SCHEDULE: '0, 1,2.5',
      },
    );
    expect(c).toEqual({
      databaseUrl: 'postgres://db/x',
      port: 8080,
      host: '0.0.0.0',
      jwtSecret: 's'.repeat(40),
      openRegistration: true,
      allowPrivateWebhooks: true,
      webhookRetrySchedule: [0, 1, 2.5],
    });
  });

  it('a flag wins over its variable', () => {
    const env = {
      TJ_DATABASE_URL: 'a.db',
      TJ_PORT: '8080',
      TJ_HOST: '0.0.0.0',
      TJ_OPEN_REGISTRATION: 'true',
      TJ_WEBHOOK_RETRY_SCHEDULE: '1',
    };
    const c = resolveServerConfig(
      {
        db: 'sqlite:b.db',
        port: '9090',
        host: '::1',
        openRegistration: false,
        allowPrivateWebhooks: true,
        webhookRetrySchedule: '5,6',
      },
      env,
    );
    expect(c).toMatchObject({
      databaseUrl: 'sqlite:b.db',
      port: 9090,
      host: '::1',
      openRegistration: false,
      allowPrivateWebhooks: true,
      webhookRetrySchedule: [5, 6],
    });
  });

  it('refuses a bad port, boolean or schedule with a readable message', () => {
    expect(() => resolveServerConfig({ port: '70000' }, {})).toThrow(/port/);
    expect(() => resolveServerConfig({ port: 'http' }, {})).toThrow(/port/);
    expect(() => resolveServerConfig({}, { TJ_OPEN_REGISTRATION: 'maybe' })).toThrow(/TJ_OPEN_REGISTRATION/);
    expect(() => resolveServerConfig({}, { TJ_WEBHOOK_RETRY_SCHEDULE: '1,soon' })).toThrow(/schedule/);
    expect(() => resolveServerConfig({}, { TJ_WEBHOOK_RETRY_SCHEDULE: '-1' })).toThrow(/schedule/);
    expect(() => resolveServerConfig({ maxUpload: '0' }, {})).toThrow(/upload limit/);
  });

  it('reads the upload limit in decimal units; the flag wins over TJ_MAX_UPLOAD', () => {
    expect(resolveServerConfig({}, {}).maxUploadBytes).toBeUndefined();
    expect(resolveServerConfig({}, { TJ_MAX_UPLOAD: '200MB' }).maxUploadBytes).toBe(200_000_000);
    expect(resolveServerConfig({ maxUpload: '1.5gb' }, { TJ_MAX_UPLOAD: '200MB' }).maxUploadBytes).toBe(1_500_000_000);
    expect(resolveServerConfig({ maxUpload: '4096' }, {}).maxUploadBytes).toBe(4096);
  });

  it('reads the input limits from --input-limits or TJ_INPUT_LIMITS, any subset, sizes in decimal or binary units', () => {
    expect(resolveServerConfig({}, { TJ_INPUT_LIMITS: 'maxDepth=16, maxMemoryBytes=256MB' }).inputLimits).toEqual({
      maxDepth: 16,
      maxMemoryBytes: 256_000_000,
    });
    expect(resolveServerConfig({ inputLimits: 'MAXRECORDS=10' }, { TJ_INPUT_LIMITS: 'maxDepth=16' }).inputLimits).toEqual({
      maxRecords: 10,
    });
    expect(parseInputLimits('maxRecordLength=1MiB,maxBytes=1GiB')).toEqual({ maxRecordLength: 1024 ** 2, maxBytes: 1024 ** 3 });
    for (const bad of ['maxDepth=0', 'maxDepth=deep', 'depth=3', 'maxDepth', 'maxBytes=-1']) {
      expect(() => parseInputLimits(bad), bad).toThrow(/an input limit must look like maxDepth=32 or maxMemoryBytes=256MB/);
    }
  });

  it('documents the input limits’ defaults in the README as a value --input-limits takes', () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const value = /\| `--input-limits <bounds>` \| `TJ_INPUT_LIMITS` \| `([^`]+)`/.exec(readme)?.[1] ?? '';
    expect(parseInputLimits(value)).toEqual(DEFAULTS.inputLimits);
  });

  it('reads the webhook retention in days from --webhook-retention-days or TJ_WEBHOOK_RETENTION_DAYS', () => {
    expect(resolveServerConfig({}, {}).webhookRetentionDays).toBeUndefined();
    expect(resolveServerConfig({}, { TJ_WEBHOOK_RETENTION_DAYS: '7' }).webhookRetentionDays).toBe(7);
    expect(resolveServerConfig({ webhookRetentionDays: '0' }, { TJ_WEBHOOK_RETENTION_DAYS: '7' }).webhookRetentionDays).toBe(0);
    expect(resolveServerConfig({ webhookRetentionDays: 0.5 }, {}).webhookRetentionDays).toBe(0.5);
    for (const bad of ['-1', 'month', ' '])
      expect(() => resolveServerConfig({ webhookRetentionDays: bad }, {})).toThrow(/retention must be a number of days/);
  });
});

describe('createServer on a SQLite path', () => {
  it('creates the database file and its folder', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tj-http-config-'));
    const file = join(dir, 'deep', 'er', 'journal.db');
    try {
      const app = await createServer({ ...resolveServerConfig({ db: file, port: 0 }, {}), logger: { log() {} } });
      const url = await app.listen();
      expect((await call(url, 'GET', '/api/health')).status).toBe(200);
      await app.close();
      expect(existsSync(file)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
