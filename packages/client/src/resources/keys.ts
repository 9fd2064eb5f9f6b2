import type { CallOptions, Send } from '../transport.js';
import type { ApiKey, ApiKeyCreated, ApiKeyCreateInput, ApiKeyList } from '../types.js';

const id = (keyId: string) => `/keys/${encodeURIComponent(keyId)}`;

/** API keys for scripts and apps (they need a login session or an `admin` key). */
export function keysApi(send: Send) {
  return {
    /**
     * Creates an API key; the answer's `key` is shown only this once (the server keeps its hash).
     *
     * @example const { key } = await client.keys.create({ name: 'nightly export', scopes: ['read'] });
     */
    create(body: ApiKeyCreateInput, options?: CallOptions): Promise<ApiKeyCreated> {
      return send<ApiKeyCreated>({ method: 'POST', path: '/keys', body }, options);
    },

    /**
     * Every API key of the user, revoked ones included (never the keys themselves).
     *
     * @example const { keys } = await client.keys.list();
     */
    list(options?: CallOptions): Promise<ApiKeyList> {
      return send<ApiKeyList>({ method: 'GET', path: '/keys' }, options);
    },

    /**
     * One API key by id.
     *
     * @example const { lastUsedAt } = await client.keys.get(keyId);
     */
    get(keyId: string, options?: CallOptions): Promise<ApiKey> {
      return send<ApiKey>({ method: 'GET', path: id(keyId) }, options);
    },

    /**
     * Revokes an API key: every server refuses it from the next request on.
     *
     * @example await client.keys.revoke(keyId);
     */
    async revoke(keyId: string, options?: CallOptions): Promise<void> {
      await send<void>({ method: 'DELETE', path: id(keyId) }, options);
    },
  };
}
