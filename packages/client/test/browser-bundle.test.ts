import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const entry = fileURLToPath(new URL('../dist/index.js', import.meta.url));
const builtins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

describe('the browser bundle of the main entry', () => {
  it('bundles for the browser with no Node built-in import or require, and without zod, the schemas or core at run time', async () => {
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      target: 'es2022',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    expect(result.errors).toEqual([]);
    const code = result.outputFiles[0]?.text ?? '';
    expect(code).toContain('createClient');
    expect(code).not.toMatch(/from\s*["']node:/);
    expect(code).not.toMatch(/import\(\s*["']node:/);
    const required = [...code.matchAll(/\brequire\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]);
    expect(required.filter((name) => name !== undefined && builtins.has(name))).toEqual([]);
    const imported = Object.values(result.metafile.inputs).flatMap((input) => input.imports.map((i) => i.path));
    expect(imported.filter((path) => builtins.has(path))).toEqual([]);
    const inputs = Object.keys(result.metafile.inputs);
    // Of the schemas package only its zod-free short-id module (the SDK's `shortId`) comes along.
    const heavy = inputs.filter((path) => /node_modules|packages\/(core|schemas)/.test(path));
    expect(heavy).toEqual(['packages/schemas/dist/short-id.js']);
    expect(code).not.toMatch(/\bz\.object\(|ZodError/);
  });
});
