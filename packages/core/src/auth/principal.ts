import { API_KEY_SCOPES, type Scope } from '@tj/schemas';

/** Who acts on a request: the user, what they may do, and the API key used (none for a login session). */
export interface Principal {
  userId: string;
  scopes: readonly Scope[];
  apiKeyId?: string;
}

/** A login session (an access token) may do everything. */
export function sessionPrincipal(userId: string): Principal {
  return { userId, scopes: API_KEY_SCOPES };
}

/**
 * True when `principal` may use an operation that needs `scope`: it holds that scope, or `admin`.
 *
 * @example grants({ userId, scopes: ['read'] }, 'write') // false
 */
export function grants(principal: Principal, scope: Scope): boolean {
  return principal.scopes.includes(scope) || principal.scopes.includes('admin');
}
