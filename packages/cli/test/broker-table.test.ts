import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { BUILTIN_FORMATS } from '@tj/core/internal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runProgram, type Sandbox, sandbox } from './support/cli.js';

const ROOT = resolve(import.meta.dirname, '../../..');
const SCRIPT = join(ROOT, 'scripts/broker-table.mjs');
const DOCS = ['README.md', 'docs/cli.md'];

let box: Sandbox;
beforeAll(async () => {
  box = await sandbox();
});
afterAll(() => box.cleanup());

const script = (args: string[]) => runProgram(process.execPath, [SCRIPT, ...args], { env: box.env, cwd: ROOT });

describe('the supported-brokers table in README.md and docs/cli.md', () => {
  it('is the one the registry generates (run node scripts/broker-table.mjs --write after changing a format)', async () => {
    const check = await script(['--check']);
    expect(check.stderr).toBe('');
    expect(check.code).toBe(0);
    const printed = await script([]);
    for (const f of BUILTIN_FORMATS) {
      expect(printed.stdout).toContain(`| \`${f.name}\` |`);
      for (const doc of DOCS) expect(await readFile(join(ROOT, doc), 'utf8')).toContain(`| \`${f.name}\` |`);
    }
  });

  it('fails the check when a document lacks a row, and --write puts it back', async () => {
    const copy = join(box.dir, 'docs-copy');
    await mkdir(join(copy, 'docs'), { recursive: true });
    for (const doc of DOCS) {
      const text = await readFile(join(ROOT, doc), 'utf8');
      await writeFile(join(copy, doc), doc === 'docs/cli.md' ? text.replace(/^\| MetaTrader 5 .*\n/m, '') : text);
    }
    const stale = await script(['--check', copy]);
    expect(stale).toMatchObject({
      code: 1,
      stderr: 'docs/cli.md: the broker table is out of date: run node scripts/broker-table.mjs --write\n',
    });
    expect(await script(['--write', copy])).toMatchObject({ code: 0, stdout: 'updated docs/cli.md\n' });
    expect(await readFile(join(copy, 'docs/cli.md'), 'utf8')).toBe(await readFile(join(ROOT, 'docs/cli.md'), 'utf8'));
  });
});
