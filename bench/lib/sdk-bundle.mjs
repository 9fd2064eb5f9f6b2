// The SDK as a browser app ships it: esbuild bundles an entry (default: @tj/client's built main
// entry) for the browser, ESM, es2022, minified. The bench of its size and the release test (which
// bundles an app using the SDK installed from the registry) both build it here.
import { createRequire } from 'node:module';
import { join } from 'node:path';

const CLIENT = join(import.meta.dirname, '../../packages/client');
// The root has no esbuild of its own: the SDK's package has it (its browser tests bundle with it).
const { build } = createRequire(join(CLIENT, 'package.json'))('esbuild');

/** Bundles `entry` (resolving its imports from `dir`) for browsers, minified; answers the bytes. */
export async function browserBundle(entry = join(CLIENT, 'dist/index.js'), dir = CLIENT) {
  const result = await build({
    entryPoints: [entry],
    absWorkingDir: dir,
    bundle: true,
    minify: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0].contents;
}
