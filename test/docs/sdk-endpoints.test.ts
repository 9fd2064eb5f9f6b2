import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

describe('the SDK’s endpoints (packages/client/src/endpoints.ts)', () => {
  it('are what the operation table gives (run node scripts/sdk-endpoints.mjs --write)', async () => {
    const check = await run(process.execPath, [join(ROOT, 'scripts/sdk-endpoints.mjs'), '--check'], { cwd: ROOT }).catch(
      (e: { stderr: string }) => e,
    );
    expect(check.stderr).toBe('');
  });
});
