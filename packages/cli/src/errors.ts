import { dirname } from 'node:path';
import { ErrorCode } from '@tj/core';
import { CommanderError } from 'commander';
import type { Env } from './config/paths.js';
import { detailInCliWords } from './output/advice.js';
import { fieldErrorsInWords } from './output/field-words.js';

/** Exit codes of `tj`: 0 success, 1 failure, 2 usage error. */
export const ExitCode = { ok: 0, failure: 1, usage: 2 } as const;

/** An expected failure: its message is shown as `tj: <message>` and the process exits 1. */
export class CliError extends Error {
  override readonly name: string = 'CliError';
  readonly exitCode: number = ExitCode.failure;
}

/** A usage error (a bad or missing flag): exits 2. */
export class UsageError extends CliError {
  override readonly name = 'UsageError';
  override readonly exitCode: number = ExitCode.usage;
}

/**
 * A file system error as a person reads it, naming the path: `file not found: PATH`,
 * `folder not found: DIR`, `permission denied: PATH`; never a bare `ENOENT`.
 */
export function fileError(e: unknown, path: string, writing = false): CliError {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT') return new CliError(writing ? `folder not found: ${dirname(path)}` : `file not found: ${path}`);
  if (code === 'EACCES' || code === 'EPERM') return new CliError(`permission denied: ${path}`);
  if (code === 'EISDIR') return new CliError(`${path} is a folder, not a file`);
  if (code === 'ENOTDIR') return new CliError(`not a folder on the way to ${path}`);
  if (code === 'ENOSPC') return new CliError(`no space left on the device for ${path}`);
  const message = e instanceof Error ? e.message.replace(/^[A-Z]+: /, '') : String(e);
  return new CliError(`cannot ${writing ? 'write' : 'read'} ${path}: ${message}`);
}

/** Any error, read by shape (the SDK and core are loaded lazily). */
export interface ErrorLike {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  status?: unknown;
  url?: unknown;
  path?: unknown;
  errors?: unknown;
  problem?: { detail?: unknown; errors?: unknown; advice?: unknown } | undefined;
}

type FieldErrors = Array<{ path: string; message: string }>;

/** The field errors of a validation failure (CoreError's `errors`, or the problem's), if any. */
export function fieldErrorsOf(e: ErrorLike): FieldErrors | undefined {
  const list = Array.isArray(e.errors) ? e.errors : Array.isArray(e.problem?.errors) ? e.problem.errors : undefined;
  return e.code === ErrorCode.validationFailed && list && list.length > 0 ? (list as FieldErrors) : undefined;
}

/** 401 codes that mean the stored session is no longer good (not a wrong password). */
const SESSION_CODES = new Set<string>([ErrorCode.unauthorized, ErrorCode.tokenExpired, ErrorCode.invalidRefreshToken]);

function apiMessage(e: ErrorLike, env: Env): string {
  const fields = fieldErrorsOf(e);
  if (fields) return fieldErrorsInWords(fields);
  const detail = (e.problem && detailInCliWords(e.problem)) ?? String(e.message);
  if (e.status === 0) return `cannot reach the server (${detail})`;
  // Acting with an API key (TJ_API_KEY), there is no login to renew: the detail names the key.
  if (e.status === 401 && SESSION_CODES.has(String(e.code)) && !env.TJ_API_KEY) return `${detail} (log in again with: tj login)`;
  return detail;
}

/**
 * The one-line message and exit code of any error. Commands fail with the SDK's TjApiError in both
 * modes (local mode's API answers in process); CoreError comes only from what works on core
 * directly (tj init, tj user). Anything else is shown by its message only (never a stack trace).
 * `env` tells how tj reached a server (a login's advice does not fit an API key).
 */
export function describeError(e: unknown, env: Env = {}): { message: string; exitCode: number } {
  if (e instanceof CommanderError) {
    // Help that was asked for (--help, tj help, tj help trades, tj trades help list) and --version
    // exit 0; help shown because a command was missing (tj trades) and every other usage error exit 2.
    return { message: '', exitCode: e.exitCode === 0 ? ExitCode.ok : ExitCode.usage };
  }
  if (e instanceof CliError) return { message: e.message, exitCode: e.exitCode };
  const err = (typeof e === 'object' && e !== null ? e : { message: String(e) }) as ErrorLike;
  // A short id several records share is a usage error, like an ambiguous id prefix.
  if (err.name === 'TjApiError')
    return { message: apiMessage(err, env), exitCode: err.code === ErrorCode.ambiguousId ? ExitCode.usage : ExitCode.failure };
  if (err.name === 'ExitPromptError' || err.name === 'AbortPromptError')
    return { message: 'cancelled', exitCode: ExitCode.failure };
  const fields = fieldErrorsOf(err);
  if (fields) return { message: fieldErrorsInWords(fields), exitCode: ExitCode.failure };
  if (typeof err.code === 'string' && /^E[A-Z]+$/.test(err.code) && typeof err.path === 'string') {
    return { message: fileError(e, err.path).message, exitCode: ExitCode.failure };
  }
  const message = typeof err.message === 'string' && err.message !== '' ? err.message : String(e);
  return { message: message.split('\n')[0] ?? message, exitCode: ExitCode.failure };
}
