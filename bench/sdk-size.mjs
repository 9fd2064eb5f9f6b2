#!/usr/bin/env node
// The SDK's weight in a browser app (`pnpm bench:sdk-size`, after `pnpm build`): @tj/client's main
// entry bundled for the browser by esbuild, minified, and that bundle gzipped (zlib's default
// level, what servers send). Target: at most 8 KiB gzipped. No database: the db column is '–'.
import { gzipSync } from 'node:zlib';
import { atMost, info, printFigures, writeFigures } from './lib/figures.mjs';
import { browserBundle } from './lib/sdk-bundle.mjs';

const code = await browserBundle();
const gzipped = gzipSync(code).length;
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
const LIMIT = 8 * 1024;
const rows = [
  info('SDK browser bundle, minified', '–', { ours: kib(code.length) }),
  // At most 8 KiB: pass while the size is below LIMIT + 1 byte.
  atMost('SDK browser bundle, minified + gzip', '–', {
    ours: kib(gzipped),
    value: gzipped,
    limit: LIMIT + 1,
    target: '≤ 8.0 KiB',
  }),
];
printFigures(rows, { title: 'SDK bundle size' });
writeFigures('sdk-size', rows, { bytes: { minified: code.length, gzipped } });
