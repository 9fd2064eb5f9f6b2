/**
 * Each version lives in its package.json alone: `tj --version` prints @tj/cli's, the SDK sends
 * `tj-client/<@tj/client's>` from Node, and the compiled-in copies (src/version.ts, written by
 * scripts/versions.mjs) are what the package.json files say.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);
const versionOf = async (pkg: string) =>
  (JSON.parse(await readFile(join(ROOT, 'packages', pkg, 'package.json'), 'utf8')) as { version: string }).version;

describe('package versions', () => {
  it('src/version.ts of the CLI, the SDK, the core and the server is what their package.json says (node scripts/versions.mjs --write)', async () => {
    const check = await run(process.execPath, [join(ROOT, 'scripts/versions.mjs'), '--check'], { cwd: ROOT }).catch(
      (e: { stderr: string }) => e,
    );
    expect(check.stderr).toBe('');
  });

  it('tj --version and tj -V print the version of @tj/cli', async () => {
    const expected = `${await versionOf('cli')}\n`;
    for (const flag of ['--version', '-V']) {
      const { stdout } = await run(process.execPath, [join(ROOT, 'packages/cli/bin/tj.js'), flag], { cwd: ROOT });
      expect(stdout).toBe(expected);
    }
  });

  it('the built SDK and core name their own package versions', async () => {
    const { CLIENT_USER_AGENT } = await import('@tj/client');
    expect(CLIENT_USER_AGENT).toBe(`tj-client/${await versionOf('client')}`);
    const { WEBHOOK_USER_AGENT } = await import('@tj/core/internal');
    expect(WEBHOOK_USER_AGENT).toBe(`trading-journal-webhooks/${await versionOf('core')}`);
  });
});
