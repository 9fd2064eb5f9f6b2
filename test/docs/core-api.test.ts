import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

describe('the public API of @tj/core (docs/core-api.md)', () => {
  it('is listed as the sources export it, each export with its TSDoc (run node scripts/core-api.mjs --write)', async () => {
    const check = await run(process.execPath, [join(ROOT, 'scripts/core-api.mjs'), '--check'], { cwd: ROOT }).catch(
      (e: { stderr: string; code: number }) => e,
    );
    expect(check.stderr).toBe('');
  }, 120_000);

  it('names every runtime export of the built package, and none of the internal building blocks', async () => {
    const doc = await readFile(join(ROOT, 'docs/core-api.md'), 'utf8');
    const core = await import('@tj/core');
    for (const name of Object.keys(core)) expect(doc).toContain(`| \`${name}\` |`);
    expect(doc).toContain('| `createCore` | function |');
    const internal = await import('@tj/core/internal');
    for (const name of ['newTradeRow', 'hashPassword', 'gcraStep', 'emitEvent', 'coreDeps']) {
      expect(name in internal).toBe(true);
      expect(name in core).toBe(false);
      expect(doc).not.toContain(`| \`${name}\` |`);
    }
  });
});
