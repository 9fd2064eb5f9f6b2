#!/usr/bin/env node
// Bundles the built CLI (dist/bin.js and all it imports, from tsc -b) into one file, dist/tj.mjs,
// which bin/tj.js runs. A command then loads one file instead of some 800 (kysely alone is 260),
// which halves a command's start: `tj stats` 0.62 -> 0.28 s on the 2-core machine.
// Left outside: better-sqlite3 (a native addon), pg's optional native binding, and @tj/report
// (it reads its browser script and the chart library from files beside its own), and the MCP SDK:
// only `tj mcp` loads it (import() at run time), and bundled it would add 0.45 MB that every
// command's start parses (issue 30).
import { build } from 'esbuild';

await build({
  entryPoints: [new URL('../dist/bin.js', import.meta.url).pathname],
  outfile: new URL('../dist/tj.mjs', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: ['better-sqlite3', 'pg-native', '@tj/report', '@modelcontextprotocol/sdk'],
  // CommonJS dependencies call require() for Node's built-in modules.
  banner: { js: "import { createRequire as __tjRequire } from 'node:module'; const require = __tjRequire(import.meta.url);" },
  legalComments: 'none',
  logLevel: 'warning',
});
