import { sessionPrincipal, type Principal } from '../auth/principal.js';
import { type ApiKey, type ApiKeyCreated, apiKeyCreateSchema, type ApiKeyList, type Scope } from '@tj/schemas';
import type { CoreDeps } from '../shared/deps.js';
import { recordId } from '../shared/record-id.js';
import { CoreError, ErrorCode, notFound, validationError } from '../shared/errors.js';
import { isoUtc } from '../shared/iso.js';
import { newOpaqueToken, opaqueTokenUser, sha256Hex } from '../shared/opaque-token.js';
import { parseInput } from '../shared/validate.js';
import type { ApiKeyRow } from '../storage/rows.js';

/** Every API key starts with this, so logs, scanners and people can tell one at a glance. */
export const API_KEY_PREFIX = 'tj_live_';

/** Most keys a user may have that are neither revoked nor expired. */
export const MAX_ACTIVE_API_KEYS = 100;

/** How stale `lastUsedAt` may get before a use writes it again (one write a minute at most per key). */
const TOUCH_INTERVAL_MS = 60_000;

/** True when a bearer token is an API key (rather than an access token). */
export function isApiKey(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}

/** The API shape of a stored key (never the key). */
export function apiKeyRecord(k: ApiKeyRow): ApiKey {
  return {
    id: k.id,
    name: k.name,
    prefix: `${API_KEY_PREFIX}…${k.hint}`,
    scopes: k.scopes as Scope[],
    expiresAt: k.expiresAt === null ? null : isoUtc(k.expiresAt),
    lastUsedAt: k.lastUsedAt === null ? null : isoUtc(k.lastUsedAt),
    revokedAt: k.revokedAt === null ? null : isoUtc(k.revokedAt),
    createdAt: isoUtc(k.createdAt),
  };
}

const invalidKey = () => new CoreError(ErrorCode.unauthorized, 'the API key is invalid, revoked or expired');

/**
 * Long-lived API keys: created (the key is shown once, stored as its SHA-256), listed, revoked, and
 * checked on every use against the database, so a revocation holds on every server at once.
 *
 * @example const { key } = await apiKeys(deps).create(userId, { name: 'export script', scopes: ['read'] });
 */
export function apiKeys(deps: CoreDeps, checkUser: (userId: string) => Promise<unknown>) {
  const { storage, clock } = deps;
  async function load(userId: string, id: string): Promise<ApiKeyRow> {
    const full = await recordId(storage.repos.ids, 'api_keys', userId, id, 'API key');
    const row = full === undefined ? undefined : await storage.repos.apiKeys.get(userId, full);
    if (!row) throw notFound('API key');
    return row;
  }
  return {
    /** Creates a key → the record and the key itself (shown only here). */
    async create(userId: string, input: unknown): Promise<ApiKeyCreated> {
      const body = parseInput(apiKeyCreateSchema, input);
      const now = clock.now();
      const expiresAt = body.expiresAt === undefined ? null : Date.parse(body.expiresAt);
      if (expiresAt !== null && expiresAt <= now)
        throw validationError([{ path: 'expiresAt', message: 'must be in the future' }]);
      if ((await storage.repos.apiKeys.countActive(userId, now)) >= MAX_ACTIVE_API_KEYS) {
        throw new CoreError(
          ErrorCode.conflict,
          `a user may have at most ${MAX_ACTIVE_API_KEYS} active API keys; revoke one first`,
        );
      }
      const key = newOpaqueToken(API_KEY_PREFIX, userId, deps.random);
      const row: ApiKeyRow = {
        userId,
        id: deps.ids.next(),
        name: body.name,
        keyHash: sha256Hex(key),
        hint: key.slice(-4),
        scopes: body.scopes,
        expiresAt,
        lastUsedAt: null,
        revokedAt: null,
        createdAt: now,
      };
      await storage.repos.apiKeys.insert(row);
      return { ...apiKeyRecord(row), key };
    },
    /** Every key of the user (revoked ones too), oldest first. */
    async list(userId: string): Promise<ApiKeyList> {
      return { keys: (await storage.repos.apiKeys.list(userId)).map(apiKeyRecord) };
    },
    /** One key, or `not_found`. */
    async get(userId: string, id: string): Promise<ApiKey> {
      return apiKeyRecord(await load(userId, id));
    },
    /** Revokes a key at once (revoking it again changes nothing). */
    async revoke(userId: string, id: string): Promise<void> {
      const key = await load(userId, id);
      await storage.repos.apiKeys.revoke(userId, key.id, clock.now());
    },
    /**
     * The principal of a presented key: its user and scopes. Unknown, revoked and expired keys are
     * `unauthorized`; the user must still exist and be enabled (`checkUser`).
     */
    async authenticate(key: string): Promise<Principal> {
      const userId = opaqueTokenUser(API_KEY_PREFIX, key);
      if (!userId) throw invalidKey();
      const row = await storage.repos.apiKeys.byHash(userId, sha256Hex(key));
      const now = clock.now();
      if (!row || row.revokedAt !== null || (row.expiresAt !== null && row.expiresAt <= now)) throw invalidKey();
      await checkUser(userId);
      if (row.lastUsedAt === null || now - row.lastUsedAt >= TOUCH_INTERVAL_MS) {
        await storage.repos.apiKeys.touch(userId, row.id, now);
      }
      return { ...sessionPrincipal(userId), scopes: row.scopes as Scope[], apiKeyId: row.id };
    },
  };
}
