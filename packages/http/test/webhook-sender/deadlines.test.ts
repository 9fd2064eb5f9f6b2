import { describe, expect, it } from 'vitest';
import { deadlineQueues } from '../../src/webhook-sender/deadlines.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('send deadlines', () => {
  it('aborts exactly the sends still running when their limit passes, each limit on its own clock', async () => {
    const deadlines = deadlineQueues();
    const aborted: string[] = [];
    const start = (name: string, limitMs: number) => {
      const d = deadlines.start(limitMs);
      d.signal.on('abort', () => aborted.push(name));
      return d;
    };
    const first = start('first', 80);
    start('second', 80);
    const third = start('third', 80);
    start('short', 30);
    first.done();
    await sleep(50);
    expect(aborted).toEqual(['short']);
    third.done();
    await sleep(80);
    expect(aborted).toEqual(['short', 'second']);
    // A queue that emptied starts over for sends started later.
    start('late', 20);
    await sleep(60);
    expect(aborted).toEqual(['short', 'second', 'late']);
    deadlines.clear();
  });

  it('keeps no finished send: thousands ending in order leave nothing to abort', async () => {
    const deadlines = deadlineQueues();
    let aborts = 0;
    for (let i = 0; i < 5000; i++) {
      const d = deadlines.start(40);
      d.signal.on('abort', () => aborts++);
      d.done();
    }
    const last = deadlines.start(40);
    last.signal.on('abort', () => aborts++);
    await sleep(90);
    expect(aborts).toBe(1);
    deadlines.clear();
  });
});
