#!/usr/bin/env node
import module from 'node:module';

// Node 22.1+ keeps the compiled code of the modules tj loads between runs (in the system's temp
// folder, or NODE_COMPILE_CACHE; NODE_DISABLE_COMPILE_CACHE=1 turns it off). Node 20 has no such
// cache. It must be on before the rest of tj loads, hence the import() below.
(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();

// A closed pipe (`tj trades list | head`) ends the output quietly.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
});

const { processIo, runCli } = await import('./run.js');
const code = await runCli(process.argv.slice(2), processIo());
process.stdout.write('', () => process.exit(code));
