import { PassThrough } from 'node:stream';
import type { Io } from '../../src/context.js';

/** An Io whose stdout and stderr are collected together (`text()`), for runCli in the test process. */
export function memoryIo(): Io & { text(): string } {
  let out = '';
  const sink = Object.assign(new PassThrough(), {
    write: (chunk: string) => {
      out += chunk;
      return true;
    },
  });
  return { stdin: new PassThrough(), stdout: sink as never, stderr: sink as never, env: {}, text: () => out };
}
