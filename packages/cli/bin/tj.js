#!/usr/bin/env node
// The committed entry point: pnpm links `tj` at install time, before the build has written dist/.
// It runs the bundle (dist/tj.mjs: one file, a faster start) that `pnpm build` writes after tsc;
// without one (only `tsc -b` ran, or `tsc --watch`) it runs the unbundled build.
import { existsSync } from 'node:fs';

const bundle = new URL('../dist/tj.mjs', import.meta.url);
await import(existsSync(bundle) ? bundle.href : '../dist/bin.js');
