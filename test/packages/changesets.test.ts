/**
 * Changesets as this repository sets them up (.changeset/config.json): every pending changeset
 * names only our packages with a valid bump and a summary, and `changeset version`, run on a copy
 * of the manifests and changelogs, moves all six packages to one version and writes the entry.
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const PACKAGES = ['schemas', 'core', 'http', 'client', 'report', 'cli'];
const run = promisify(execFile);
const json = async <T>(path: string) => JSON.parse(await readFile(path, 'utf8')) as T;

describe('changesets', () => {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

  it('every pending changeset names @tj packages with major, minor or patch, and says what changed', async () => {
    const names = new Set(PACKAGES.map((p) => `@tj/${p}`));
    for (const file of (await readdir(join(ROOT, '.changeset'))).filter((f) => f.endsWith('.md') && f !== 'README.md')) {
      const text = await readFile(join(ROOT, '.changeset', file), 'utf8');
      const parts = text.match(/^---\n([\s\S]*?)\n---\n([\s\S]*)$/);
      expect({ file, frontMatter: parts !== null }).toEqual({ file, frontMatter: true });
      const bumps = (parts?.[1] ?? '').split('\n').filter((l) => l.trim() !== '');
      expect(bumps.length).toBeGreaterThan(0);
      for (const line of bumps) {
        const m = line.match(/^"(@tj\/[a-z]+)": (major|minor|patch)$/);
        expect({ file, line, ok: m !== null && names.has(m[1] as string) }).toEqual({ file, line, ok: true });
      }
      expect((parts?.[2] ?? '').trim()).not.toBe('');
    }
  });

  it('`changeset version` bumps all six packages to one version and writes the changelog entry', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tj-changesets-'));
    dirs.push(dir);
    for (const f of ['package.json', 'pnpm-workspace.yaml', '.changeset'])
      await cp(join(ROOT, f), join(dir, f), { recursive: true });
    for (const p of PACKAGES) {
      await mkdir(join(dir, 'packages', p), { recursive: true });
      for (const f of ['package.json', 'CHANGELOG.md']) await cp(join(ROOT, 'packages', p, f), join(dir, 'packages', p, f));
    }
    const before = await json<{ version: string }>(join(ROOT, 'packages/client/package.json'));
    await writeFile(join(dir, '.changeset/release-test.md'), '---\n"@tj/client": minor\n---\n\nThe SDK learned a new trick.\n');
    await run(process.execPath, [join(ROOT, 'node_modules/@changesets/cli/bin.js'), 'version'], { cwd: dir });

    const [major, minor] = before.version.split('.').map(Number) as [number, number];
    const next = `${major}.${minor + 1}.0`;
    for (const p of PACKAGES) {
      const manifest = await json<{ version: string; dependencies?: Record<string, string> }>(
        join(dir, 'packages', p, 'package.json'),
      );
      expect({ p, version: manifest.version }).toEqual({ p, version: next });
      // Workspace ranges stay as they are: publishing turns them into this version.
      for (const [dep, range] of Object.entries(manifest.dependencies ?? {}))
        if (dep.startsWith('@tj/')) expect(range).toBe('workspace:*');
    }
    const changelog = await readFile(join(dir, 'packages/client/CHANGELOG.md'), 'utf8');
    expect(changelog.indexOf(`## ${next}`)).toBeLessThan(changelog.indexOf(`## ${before.version}`));
    expect(changelog).toContain('- The SDK learned a new trick.');
    expect(await readdir(join(dir, '.changeset'))).not.toContain('release-test.md');
  }, 60_000);
});
