#!/usr/bin/env node
// Fails when core's domain code imports an adapter, a driver, an HTTP, network or CLI library,
// or when a package deep-imports another package's files. Only core/src/adapters/** may import
// drivers; nothing in core may import http, client, cli or the report renderer (core returns the data,
// @tj/report turns it into HTML); the SDK must not depend on the renderer either. @tj/schemas (the
// zod schemas) imports zod alone, and the SDK imports no package of ours but @tj/schemas, so it
// installs without core and its database drivers.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const DRIVERS = ['kysely', 'better-sqlite3', 'pg', 'pg-pool'];
const NEVER_IN_CORE = [
  'undici',
  'node:http',
  'node:https',
  'node:net',
  'node:dns',
  'node:tls',
  'node:fs',
  'node:child_process',
  'commander',
  '@inquirer/prompts',
  'cli-table3',
  'jose',
  'find-my-way',
  'fastify',
  '@tj/http',
  '@tj/cli',
  '@tj/client',
  '@tj/report',
  'echarts',
];

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) yield* files(p);
    else if (p.endsWith('.ts')) yield p;
  }
}

const importRe = /(?:^|\n)\s*(?:import|export)[^'"`]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
const problems = [];
for (const pkg of ['schemas', 'core', 'report', 'http', 'client', 'cli']) {
  const src = join(root, 'packages', pkg, 'src');
  for (const file of files(src)) {
    const rel = relative(root, file);
    const inAdapters = rel.startsWith('packages/core/src/adapters/');
    for (const m of readFileSync(file, 'utf8').matchAll(importRe)) {
      const spec = m[1] ?? m[2];
      const bare = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0];
      if (pkg === 'core' && NEVER_IN_CORE.includes(bare)) problems.push(`${rel}: core must not import ${spec}`);
      if (pkg === 'core' && !inAdapters && (DRIVERS.includes(bare) || spec.includes('/adapters/'))) {
        problems.push(`${rel}: core domain must not import ${spec} (only core/src/adapters may)`);
      }
      // The main entry runs in browsers; only the Node-only entry (`@tj/client/node`) may use Node's modules.
      if (pkg === 'client' && spec.startsWith('node:') && !rel.endsWith('client/src/node.ts')) {
        problems.push(`${rel}: the client must run in browsers, no ${spec}`);
      }
      if (pkg === 'client' && (['echarts', ...DRIVERS].includes(bare) || (bare.startsWith('@tj/') && bare !== '@tj/schemas')))
        problems.push(`${rel}: the SDK must not depend on ${spec} (of ours, only @tj/schemas)`);
      if (pkg === 'schemas' && !spec.startsWith('.') && bare !== 'zod')
        problems.push(`${rel}: the schemas import zod alone, not ${spec}`);
      if (pkg === 'report' && (DRIVERS.includes(bare) || ['@tj/http', '@tj/cli', '@tj/client'].includes(bare))) {
        problems.push(`${rel}: the report renderer must not import ${spec}`);
      }
      if (/^@tj\/[a-z]+\/(src|dist)\//.test(spec)) problems.push(`${rel}: deep import ${spec}; use the package's exports`);
    }
  }
}
if (problems.length > 0) {
  console.error(`Boundary check failed:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('boundaries: ok');
