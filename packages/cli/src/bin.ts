#!/usr/bin/env node
import { processIo, runCli } from './run.js';

// A closed pipe (`tj trades list | head`) ends the output quietly.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
});

const code = await runCli(process.argv.slice(2), processIo());
process.stdout.write('', () => process.exit(code));
