import type { Call } from '../operation.js';
import type { CallOptions } from '../transport.js';
import type { ApiKey, ApiKeyCreated, ApiKeyCreateInput, ApiKeyList } from '../types.js';

/** API keys for scripts and apps (they need a login session or an `admin` key). */
export function keysApi(call: Call) {
  return {
    /**
     * Creates an API key; the answer's `key` is shown only this once (the server keeps its hash).
     *
     * @example const { key } = await client.keys.create({ name: 'nightly export', scopes: ['read'] });
     */
    create(body: ApiKeyCreateInput, options?: CallOptions): Promise<ApiKeyCreated> {
      return call('createApiKey', { body }, options);
    },

    /**
     * Every API key of the user, revoked ones included (never the keys themselves).
     *
     * @example const { keys } = await client.keys.list();
     */
    list(options?: CallOptions): Promise<ApiKeyList> {
      return call('listApiKeys', {}, options);
    },

    /**
     * One API key by id.
     *
     * @example const { lastUsedAt } = await client.keys.get(keyId);
     */
    get(keyId: string, options?: CallOptions): Promise<ApiKey> {
      return call('getApiKey', { params: { id: keyId } }, options);
    },

    /**
     * Revokes an API key: every server refuses it from the next request on.
     *
     * @example await client.keys.revoke(keyId);
     */
    async revoke(keyId: string, options?: CallOptions): Promise<void> {
      await call('revokeApiKey', { params: { id: keyId } }, options);
    },
  };
}
