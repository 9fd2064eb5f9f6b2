import { spawn } from 'node:child_process';
import type { Env } from '../config/paths.js';

/** The command that opens a file in the user's browser: `$BROWSER`, else the platform's opener. */
export function openerFor(file: string, env: Env, platform: NodeJS.Platform = process.platform): [string, string[]] {
  if (env.BROWSER) return [env.BROWSER, [file]];
  if (platform === 'darwin') return ['open', [file]];
  if (platform === 'win32') return ['cmd', ['/c', 'start', '""', file]];
  return ['xdg-open', [file]];
}

/**
 * Opens `file` in a browser without waiting for it (the opener runs detached). Resolves to an
 * error message when the opener cannot be started, else undefined.
 */
export function openInBrowser(file: string, env: Env): Promise<string | undefined> {
  const [command, args] = openerFor(file, env);
  return new Promise((resolve) => {
    const child = spawn(command, args, { detached: true, stdio: 'ignore', env: env as NodeJS.ProcessEnv });
    child.once('error', (e: NodeJS.ErrnoException) =>
      resolve(e.code === 'ENOENT' ? `${command} was not found` : `${command} failed: ${e.message}`),
    );
    child.once('spawn', () => {
      child.unref();
      resolve(undefined);
    });
  });
}
