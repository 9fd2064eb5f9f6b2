import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, defaultDatabasePath, resolveServerConfig } from '@tj/http';
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
