/**
 * What `pnpm pack` puts in each package's tarball, the same files `pnpm publish` sends: no tests or
 * fixtures, no source map without its sources, a README and the LICENSE, every entry point the
 * manifest names, and no `workspace:` range left in the manifest.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { manifestOf, ROOT, workspacePackages } from '../../packages/client/test/support/dependency-closure.js';

interface PackedManifest {
  name: string;
  version: string;
  private?: boolean;
  license?: string;
  repository?: { type: string; url: string; directory: string };
  engines?: { node?: string };
  publishConfig?: { access?: string };
  main?: string;
  types?: string;
  bin?: Record<string, string>;
  exports?: Record<string, string | Record<string, string>>;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

const dir = mkdtempSync(join(tmpdir(), 'tj-pack-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const workspace = workspacePackages();
const versions = new Map([...workspace].map(([name, path]) => [name, (manifestOf(path) as { version?: string }).version]));
const license = readFileSync(join(ROOT, 'LICENSE'), 'utf8');

/** Packs a workspace package and unpacks it into its own folder: its file list and its folder. */
function pack(name: string): { files: string[]; root: string } {
  const out = join(dir, name.replace('/', '+'));
  mkdirSync(out, { recursive: true });
  const packed = JSON.parse(
    execFileSync('pnpm', ['pack', '--json', '--pack-destination', out], { cwd: workspace.get(name), encoding: 'utf8' }),
  ) as { filename: string };
  const listing = execFileSync('tar', ['-tzf', packed.filename], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  execFileSync('tar', ['-xzf', packed.filename, '-C', out]);
  const files = listing
    .split('\n')
    .filter((line) => line !== '' && !line.endsWith('/'))
    .map((line) => line.replace(/^package\//, ''));
  return { files, root: join(out, 'package') };
}

/** Every file path an `exports` map, `main`, `types` and `bin` name. */
function entryPoints(manifest: PackedManifest): string[] {
  const targets: string[] = [];
  for (const value of Object.values(manifest.exports ?? {})) {
    targets.push(...(typeof value === 'string' ? [value] : Object.values(value)));
  }
  targets.push(...[manifest.main, manifest.types].filter((t) => t !== undefined), ...Object.values(manifest.bin ?? {}));
  return targets.map((t) => posix.normalize(t));
}

describe.each([...workspace.keys()].sort())('the tarball of %s', (name) => {
  const { files, root } = pack(name);
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as PackedManifest;

  it('holds no test, fixture or build-cache file, and its README, CHANGELOG and the LICENSE', () => {
    expect(files.filter((f) => /(^|\/)(test|tests|__tests__|fixtures?)\/|\.(test|spec)\.[cm]?[jt]s$/.test(f))).toEqual([]);
    expect(files.filter((f) => f.endsWith('.tsbuildinfo') || f.startsWith('src/'))).toEqual([]);
    expect(files).toContain('README.md');
    expect(files).toContain('LICENSE');
    expect(files).toContain('CHANGELOG.md');
    expect(readFileSync(join(root, 'LICENSE'), 'utf8')).toBe(license);
    expect(manifest.license).toBe('MIT');
  });

  it('ships no source map whose sources are missing', () => {
    for (const map of files.filter((f) => f.endsWith('.map'))) {
      const { sources } = JSON.parse(readFileSync(join(root, map), 'utf8')) as { sources: string[] };
      const missing = sources.map((s) => posix.join(posix.dirname(map), s)).filter((s) => !files.includes(s));
      expect({ map, missing }).toEqual({ map, missing: [] });
    }
  });

  it('has every file its exports, main, types and bin name', () => {
    const targets = entryPoints(manifest);
    expect(targets.length).toBeGreaterThan(0);
    expect(targets.filter((t) => !files.includes(t))).toEqual([]);
  });

  it('is public, names where it comes from, and has the workspace ranges replaced by versions', () => {
    expect(manifest.private).toBeUndefined();
    expect(manifest.publishConfig?.access).toBe('public');
    expect(manifest.engines?.node).toBe('>=20.19');
    expect(manifest.repository?.directory).toBe(posix.relative(ROOT, workspace.get(name) ?? '').replaceAll('\\', '/'));
    const ranges = { ...manifest.dependencies, ...manifest.optionalDependencies, ...manifest.peerDependencies };
    expect(Object.values(ranges).filter((r) => r.startsWith('workspace:'))).toEqual([]);
    for (const [dep, range] of Object.entries(ranges)) {
      if (versions.has(dep)) expect({ dep, range }).toEqual({ dep, range: versions.get(dep) });
    }
  });
});
