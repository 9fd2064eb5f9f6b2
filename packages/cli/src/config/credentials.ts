import { chmodSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CliError } from '../errors.js';
import { configDir, type Env } from './paths.js';

/** What `tj login` keeps: the server and the session's tokens (absent after a refused refresh). */
export interface Credentials {
  server: string;
  email?: string;
  accessToken?: string;
  refreshToken?: string;
  /** Epoch ms when the access token expires. */
  expiresAt?: number;
}

/** `credentials.json` in the config directory. */
export function credentialsPath(env: Env): string {
  return join(configDir(env), 'credentials.json');
}

/** The stored credentials, or undefined when not logged in. */
export function readCredentials(env: Env): Credentials | undefined {
  let text: string;
  try {
    text = readFileSync(credentialsPath(env), 'utf8');
  } catch {
    return undefined;
  }
  try {
    const parsed = JSON.parse(text) as Credentials;
    return typeof parsed.server === 'string' ? parsed : undefined;
  } catch {
    throw new CliError(`${credentialsPath(env)} is not valid JSON: run tj logout, then tj login`);
  }
}

/**
 * Writes the credentials with mode 0600 (directory 0700), atomically (a temporary file renamed
 * over the old one). Synchronous on purpose: the SDK reports rotated tokens from inside a call,
 * and the process may exit right after it.
 */
export function writeCredentials(env: Env, credentials: Credentials): void {
  const dir = configDir(env);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const path = credentialsPath(env);
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
  chmodSync(tmp, 0o600);
  renameSync(tmp, path);
}

/** Forgets the credentials (logout). */
export function removeCredentials(env: Env): void {
  rmSync(credentialsPath(env), { force: true });
}
