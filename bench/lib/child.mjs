// Running one bench part in its own Node process, so its peak RSS is its own.
//
//   runChild(script, args, { env, execArgv })  forks `node script ...args` (stdout/stderr inherited),
//       resolves with the value the child sent with sendResult(), plus the child's maxRssBytes
//       (process.resourceUsage at the child's end, sent along automatically); rejects when the child
//       exits without a result or with a non-zero code.
//   sendResult(value)     in the child: sends { value, maxRssBytes } to the parent and resolves when sent.
//   isChildProcess()      true when started by runChild (an IPC channel exists).

import { fork } from 'node:child_process';
import { maxRssBytes } from './rss.mjs';

/** True inside a process started by runChild. */
export function isChildProcess() {
  return typeof process.send === 'function';
}

/** Sends the child's result (and its peak RSS) to the parent. */
export function sendResult(value) {
  return new Promise((resolve, reject) => {
    process.send({ type: 'bench-result', value, maxRssBytes: maxRssBytes() }, (e) => (e ? reject(e) : resolve()));
  });
}

/** Runs `script` in a child Node process and returns what it sent with sendResult. */
export function runChild(script, args = [], { env = process.env, execArgv = [] } = {}) {
  return new Promise((resolve, reject) => {
    const child = fork(script, args, { env, execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let result;
    child.on('message', (m) => {
      if (m && m.type === 'bench-result') result = { value: m.value, maxRssBytes: m.maxRssBytes };
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0 && result) resolve(result);
      else reject(new Error(`${script} ${args.join(' ')} exited with ${signal ?? code}${result ? '' : ' without a result'}`));
    });
  });
}
