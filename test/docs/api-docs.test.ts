/**
 * The repository documents its own API, self-contained (issue 30): docs/api.md lists every endpoint
 * of the operation table and every error code, and no relative link of the documents leaves the
 * repository (a clone has nothing beside it).
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { ERROR_CODES } from '@tj/schemas';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

/** README.md, docs/*.md and every package's README.md, relative to the root. */
function documents(): string[] {
  const docs = readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`);
  const packages = readdirSync(join(ROOT, 'packages'))
    .map((p) => `packages/${p}/README.md`)
    .filter((f) => existsSync(join(ROOT, f)));
  return ['README.md', ...docs, ...packages];
}

/** The relative link targets of a markdown text, outside code blocks and code spans, without their #anchor. */
function relativeLinks(markdown: string): string[] {
  const prose = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
  const targets = [...prose.matchAll(/!?\[[^\]\n]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1] as string);
  return targets
    .filter((t) => !/^[a-z][a-z0-9+.-]*:/i.test(t) && !t.startsWith('#'))
    .map((t) => decodeURIComponent(t.split('#')[0] as string));
}

describe('the API documentation (docs/api.md)', () => {
  const text = readFileSync(join(ROOT, 'docs/api.md'), 'utf8');

  it('lists every endpoint of the operation table (run node scripts/api-reference.mjs --write)', async () => {
    const check = await run(process.execPath, [join(ROOT, 'scripts/api-reference.mjs'), '--check'], { cwd: ROOT }).catch(
      (e: { stderr: string }) => e,
    );
    expect(check.stderr).toBe('');
    expect(text).toContain('| `PATCH /api/trades/{id}` |');
  });

  it('lists every error code with its status', () => {
    for (const { code, status } of Object.values(ERROR_CODES)) {
      expect(text, code).toMatch(new RegExp(`^\\| ${status} \\| \`${code}\` \\|`, 'm'));
    }
  });
});

describe('links between the documents', () => {
  it('finds links in prose only, without anchors, and leaves absolute ones alone', () => {
    const md = '[a](docs/x.md#y) [b](https://e.com) `[c](no.md)` ![d](<img.png>) [e](#top)\n```\n[f](code.md)\n```\n';
    expect(relativeLinks(md)).toEqual(['docs/x.md', 'img.png']);
  });

  it.each(documents())('every relative link of %s reaches a file inside the repository', (doc) => {
    const broken: string[] = [];
    for (const target of relativeLinks(readFileSync(join(ROOT, doc), 'utf8'))) {
      const path = resolve(dirname(join(ROOT, doc)), target);
      const inside = !relative(ROOT, path).startsWith('..');
      if (!inside || !existsSync(path) || !(statSync(path).isFile() || statSync(path).isDirectory())) broken.push(target);
    }
    expect(broken).toEqual([]);
  });

  it('README links the API documentation', () => {
    expect(relativeLinks(readFileSync(join(ROOT, 'README.md'), 'utf8'))).toContain('docs/api.md');
  });
});
