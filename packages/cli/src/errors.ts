import { CommanderError } from 'commander';

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

interface ErrorLike {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  status?: unknown;
  url?: unknown;
  problem?: { detail?: unknown } | undefined;
}

/** 401 codes that mean the stored session is no longer good (not a wrong password). */
const SESSION_CODES = new Set(['unauthorized', 'token_expired', 'invalid_refresh_token']);

function apiMessage(e: ErrorLike): string {
  const detail = typeof e.problem?.detail === 'string' ? e.problem.detail : String(e.message);
  if (e.status === 0) return `cannot reach the server (${detail})`;
  if (e.status === 401 && SESSION_CODES.has(String(e.code))) return `${detail} (log in again with: tj login)`;
  return detail;
}

/**
 * The one-line message and exit code of any error: CoreError and the SDK's TjApiError carry
 * user-readable messages; anything else is shown by its message only (never a stack trace).
 */
export function describeError(e: unknown): { message: string; exitCode: number } {
  if (e instanceof CommanderError) {
    const silent = e.code === 'commander.helpDisplayed' || e.code === 'commander.version';
    return { message: '', exitCode: silent ? ExitCode.ok : ExitCode.usage };
  }
  if (e instanceof CliError) return { message: e.message, exitCode: e.exitCode };
  const err = (typeof e === 'object' && e !== null ? e : { message: String(e) }) as ErrorLike;
  if (err.name === 'TjApiError') return { message: apiMessage(err), exitCode: ExitCode.failure };
  if (err.name === 'ExitPromptError' || err.name === 'AbortPromptError')
    return { message: 'cancelled', exitCode: ExitCode.failure };
  const message = typeof err.message === 'string' && err.message !== '' ? err.message : String(e);
  return { message: message.split('\n')[0] ?? message, exitCode: ExitCode.failure };
}
