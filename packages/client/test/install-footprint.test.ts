import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dependencyClosure, manifestOf, ROOT, runtimeDependencies, workspacePackages } from './support/dependency-closure.js';

/** What the SDK must never bring: the service's core and the database drivers core carries. */
const SERVER_SIDE = ['@tj/core', 'kysely', 'pg', 'pg-pool', 'better-sqlite3'];

describe('what installing the SDK brings', () => {
  it('walks the dependencies of the package.json files: @tj/schemas and zod, never core or a database driver', () => {
    const sdk = dependencyClosure('@tj/client');
    expect(sdk).toContain('@tj/schemas');
    expect(sdk).toContain('zod');
    expect(SERVER_SIDE.filter((name) => sdk.has(name))).toEqual([]);
    // The walk does see drivers where they are: core brings them all.
    const core = dependencyClosure('@tj/core');
    expect(['kysely', 'pg', 'better-sqlite3'].filter((name) => !core.has(name))).toEqual([]);
  });

  it('the schemas depend on zod alone', () => {
    expect([...dependencyClosure('@tj/schemas')]).toEqual(['zod']);
  });
});

describe('the packed SDK', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tj-sdk-install-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const workspace = workspacePackages();

  /** `pnpm pack`s a workspace package and unpacks it as `node_modules/<name>` of the temp folder; answers its manifest. */
  function install(name: string) {
    const packed = JSON.parse(
      execFileSync('pnpm', ['pack', '--json', '--pack-destination', dir], { cwd: workspace.get(name), encoding: 'utf8' }),
    ) as { filename: string };
    const target = join(dir, 'node_modules', name);
    mkdirSync(target, { recursive: true });
    execFileSync('tar', ['-xzf', packed.filename, '-C', target, '--strip-components=1']);
    return manifestOf(target);
  }

  it('unpacked from its tarballs beside @tj/schemas and zod alone, it loads and types its records from the schemas', () => {
    const client = install('@tj/client');
    const schemas = install('@tj/schemas');
    expect(runtimeDependencies(client).sort()).toEqual(['@tj/schemas', 'zod']);
    expect(runtimeDependencies(schemas)).toEqual(['zod']);
    // zod as the workspace installed it: the third and last package of the install.
    symlinkSync(join(ROOT, 'packages/schemas/node_modules/zod'), join(dir, 'node_modules/zod'), 'dir');
    expect(readdirSync(join(dir, 'node_modules')).sort()).toEqual(['@tj', 'zod']);
    expect(readdirSync(join(dir, 'node_modules/@tj')).sort()).toEqual(['client', 'schemas']);

    const loaded = execFileSync(
      process.execPath,
      ['--input-type=module', '-e', "const m = await import('@tj/client'); console.log(typeof m.createClient)"],
      { cwd: dir, encoding: 'utf8' },
    );
    expect(loaded.trim()).toBe('function');

    // Types that failed to resolve (any) would take the number, and the directive would be unused.
    writeFileSync(
      join(dir, 'check.ts'),
      [
        "import type { ImportRecord, Trade } from '@tj/client';",
        'declare const trade: Trade;',
        'declare const record: ImportRecord;',
        'export const seen: [string, number] = [trade.id, record.counts.rows];',
        '// @ts-expect-error an id is a string',
        'export const wrong: number = trade.id;',
      ].join('\n'),
    );
    const compilerOptions = { noEmit: true, strict: true, module: 'nodenext', target: 'es2023', types: [], skipLibCheck: true };
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['check.ts'] }));
    execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', dir], { encoding: 'utf8' });
  }, 60_000);
});
