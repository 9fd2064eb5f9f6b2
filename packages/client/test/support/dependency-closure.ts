/**
 * What installing a workspace package brings along: its run-time dependencies (`dependencies`,
 * `optionalDependencies`, `peerDependencies`), and theirs, read from the package.json files
 * themselves (workspace packages from packages/*, the others from where pnpm installed them).
 */
import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder. */
export const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

interface Manifest {
  name: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

/** A package's manifest as its package.json has it. */
export function manifestOf(dir: string): Manifest {
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;
}

/** The run-time dependencies a manifest names. */
export function runtimeDependencies(manifest: Manifest): string[] {
  return Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies, ...manifest.peerDependencies });
}

/** The folder of every workspace package, by name. */
export function workspacePackages(): Map<string, string> {
  const dirs = readdirSync(join(ROOT, 'packages')).map((name) => join(ROOT, 'packages', name));
  return new Map(dirs.filter((dir) => existsSync(join(dir, 'package.json'))).map((dir) => [manifestOf(dir).name, dir]));
}

/** Where Node would find `name` from `fromDir` (the real folder), or undefined when it is not installed. */
function installedDir(name: string, fromDir: string): string | undefined {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return realpathSync(candidate);
    if (dirname(dir) === dir) return undefined;
  }
}

/**
 * Every package installing `name` (a workspace package) brings, by name: the workspace's own
 * packages by their package.json in packages/*, the others by the package.json pnpm installed.
 *
 * @example dependencyClosure('@tj/client') // Set { '@tj/schemas', 'zod' }
 */
export function dependencyClosure(name: string): Set<string> {
  const workspace = workspacePackages();
  const start = workspace.get(name);
  if (start === undefined) throw new Error(`${name} is no workspace package`);
  const seen = new Set<string>();
  const queue: string[] = [start];
  for (let dir = queue.shift(); dir !== undefined; dir = queue.shift()) {
    for (const dep of runtimeDependencies(manifestOf(dir))) {
      if (seen.has(dep)) continue;
      seen.add(dep);
      const next = workspace.get(dep) ?? installedDir(dep, dir);
      if (next !== undefined) queue.push(next);
    }
  }
  return seen;
}
