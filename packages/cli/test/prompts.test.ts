import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ESC, run, runJson, runPty, type Sandbox, sandbox } from './support/cli.js';

let box: Sandbox;
let db: string[];
beforeAll(async () => {
  box = await sandbox();
  db = ['--db', box.db, '--tz', 'UTC'];
});
afterAll(() => box.cleanup());

const ENTER = '\r';
const DOWN = '\u001b[B';

describe('prompts on a terminal (driven through a pseudo-terminal)', { timeout: 120_000 }, () => {
  it('tj init asks for email, name and a password twice, without echoing the password', async () => {
    const r = await runPty(
      box,
      [...db, 'init'],
      [
        { expect: /Email/, send: `ann@example.com${ENTER}` },
        { expect: /Name/, send: ENTER },
        { expect: /Password/, send: `correct horse${ENTER}` },
        { expect: /Repeat the password/, send: `correct horse${ENTER}` },
      ],
    );
    expect(r.code).toBe(0);
    expect(r.answered).toBe(4);
    expect(r.text).toContain('Created user ann <ann@example.com>');
    expect(r.text).not.toContain('correct horse');
    expect((await runJson(box, [...db, 'user', 'list'])).users).toEqual([
      expect.objectContaining({ email: 'ann@example.com', name: 'ann' }),
    ]);
  });

  it('tj journal add asks every field, takes emotions 1-10 and re-asks after an out-of-range score', async () => {
    const r = await runPty(
      box,
      [...db, 'journal', 'add', '--date', '2026-11-19'],
      [
        { expect: /Type/, send: `${DOWN}${ENTER}` },
        { expect: /Pre-market analysis/, send: `Gap up on CPI${ENTER}` },
        { expect: /Trading plan/, send: `Fade the gap${ENTER}` },
        { expect: /Post-market review/, send: ENTER },
        { expect: /Energy, 1-10/, send: `7${ENTER}` },
        { expect: /Focus, 1-10/, send: `11${ENTER}` },
        { expect: /whole number from 1 to 10/, send: `\u007f\u007f8${ENTER}` },
        { expect: /Stress, 1-10/, send: ENTER },
        { expect: /Confidence, 1-10/, send: `6${ENTER}` },
        { expect: /Lessons learned/, send: `Wait for the retest; Size down${ENTER}` },
        { expect: /Tags/, send: `cpi, gap${ENTER}` },
      ],
    );
    expect(r.code).toBe(0);
    expect(r.answered).toBe(11);
    const [entry] = (await runJson(box, [...db, 'journal', 'list'])).entries;
    expect(entry).toMatchObject({
      date: '2026-11-19',
      type: 'weekly',
      premarketAnalysis: 'Gap up on CPI',
      tradingPlan: 'Fade the gap',
      postmarketReview: null,
      emotionalState: { energy: 7, focus: 8, stress: null, confidence: 6 },
      lessonsLearned: ['Wait for the retest', 'Size down'],
      tags: ['cpi', 'gap'],
    });
  });

  it('tj trades add asks only for what the flags left out; --no-input refuses instead', async () => {
    const r = await runPty(
      box,
      [...db, '--json', 'trades', 'add', '--instrument', 'ES', '--entry-time', '2026-11-20T14:30:00Z'],
      [
        { expect: /Direction/, send: `${DOWN}${ENTER}` },
        { expect: /Entry price/, send: `5000${ENTER}` },
        { expect: /Position size/, send: `2${ENTER}` },
        { expect: /Stop loss/, send: `5010${ENTER}` },
        { expect: /Take profit/, send: ENTER },
        { expect: /Setup/, send: `fade${ENTER}` },
        { expect: /Tags/, send: ENTER },
        { expect: /Fees/, send: `1.5${ENTER}` },
        { expect: /Notes/, send: ENTER },
      ],
    );
    expect(r.code).toBe(0);
    expect(r.answered).toBe(9);
    const [trade] = (await runJson(box, [...db, 'trades', 'list'])).trades;
    expect(trade).toMatchObject({
      instrument: 'ES',
      direction: 'short',
      entryPrice: 5000,
      positionSize: 2,
      stopLoss: 5010,
      takeProfit: null,
      setupType: 'fade',
      fees: 1.5,
      entryTime: '2026-11-20T14:30:00.000Z',
    });

    const refused = await runPty(box, [...db, '--no-input', 'trades', 'add', '--instrument', 'ES']);
    expect(refused.code).toBe(2);
    expect(refused.text).toContain(
      'tj: the direction is needed and stdin is not a terminal (or --no-input), so tj cannot ask: pass --direction <long|short>',
    );
  });

  it('tj trades delete asks to confirm; no keeps the trade', async () => {
    const [trade] = (await runJson(box, [...db, 'trades', 'list'])).trades;
    const no = await runPty(box, [...db, 'trades', 'delete', trade.id], [{ expect: /Delete trade/, send: `n${ENTER}` }]);
    expect(no.text).toContain('Nothing deleted.');
    const yes = await runPty(box, [...db, 'trades', 'delete', trade.id], [{ expect: /Delete trade/, send: `y${ENTER}` }]);
    expect(yes.text).toContain(`Deleted trade ${trade.id}`);
    expect((await run(box, [...db, 'trades', 'show', trade.id])).code).toBe(1);
  });

  it('colours a terminal, but not with NO_COLOR, and never a pipe', async () => {
    await runJson(box, [
      ...db,
      'trades',
      'add',
      '--instrument',
      'NQ',
      '--direction',
      'long',
      '--entry-price',
      '100',
      '--size',
      '1',
      '--entry-time',
      '2026-11-20T14:30:00Z',
      '--exit-price',
      '90',
      '--exit-time',
      '2026-11-20T15:00:00Z',
    ]);
    const coloured = await runPty(box, [...db, 'stats']);
    expect(coloured.raw).toContain(`${ESC}[31m-10.00${ESC}[39m`);
    const plain = await runPty(box, [...db, 'stats'], [], { env: { NO_COLOR: '1' } });
    expect(plain.raw).toContain('-10.00');
    expect(plain.raw).not.toMatch(new RegExp(`${ESC}\\[3\\dm`));
    const piped = await run(box, [...db, 'stats']);
    expect(piped.stdout).not.toContain('\u001b[');
  });
});
