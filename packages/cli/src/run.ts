import type { Io } from './context.js';
import { describeError } from './errors.js';
import { createProgram } from './program.js';
import { rejectUnknownCommand } from './usage-check.js';

/**
 * Runs `tj` with the given arguments (without `node` and the script) and returns the exit
 * code: 0 success, 1 failure, 2 usage error. Errors are printed as one line `tj: <message>`.
 *
 * @example process.exitCode = await runCli(['stats', '--json'], processIo());
 */
export async function runCli(argv: string[], io: Io): Promise<number> {
  try {
    rejectUnknownCommand(createProgram(io), argv);
    await createProgram(io).parseAsync(argv, { from: 'user' });
    return 0;
  } catch (e) {
    const { message, exitCode } = describeError(e, io.env);
    if (message !== '') io.stderr.write(`tj: ${message}\n`);
    return exitCode;
  }
}

/** The real process's streams and environment. */
export function processIo(): Io {
  return { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env };
}
