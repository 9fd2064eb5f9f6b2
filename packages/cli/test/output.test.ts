import { CommanderError } from 'commander';
import { CoreError } from '@tj/core';
import { TjApiError } from '@tj/client';
import { describe, expect, it } from 'vitest';
import { CliError, describeError, UsageError } from '../src/errors.js';
import { colorEnabled } from '../src/output/colors.js';
import { countLineBreaks, progressLine } from '../src/import/progress.js';

describe('error messages and exit codes', () => {
  it('maps failures to exit 1, usage errors to 2, help and version to 0', () => {
    expect(describeError(new CliError('boom'))).toEqual({ message: 'boom', exitCode: 1 });
    expect(describeError(new UsageError('pass --x'))).toEqual({ message: 'pass --x', exitCode: 2 });
    expect(describeError(new CommanderError(1, 'commander.unknownOption', 'x'))).toEqual({ message: '', exitCode: 2 });
    expect(describeError(new CommanderError(0, 'commander.helpDisplayed', 'x')).exitCode).toBe(0);
    expect(describeError(new CommanderError(0, 'commander.version', 'x')).exitCode).toBe(0);
  });

  it('shows core validation messages (the fields) and the problem detail of API errors, one line, no stack', () => {
    const core = new CoreError('validation_failed', 'entryPrice: must be greater than 0; instrument: required');
    expect(describeError(core)).toEqual({ message: 'entryPrice: must be greater than 0; instrument: required', exitCode: 1 });
    const api = new TjApiError({
      status: 404,
      code: 'not_found',
      message: 'GET /api/trades/x → 404',
      method: 'GET',
      url: 'http://h/api/trades/x',
      problem: { type: 'about:blank', title: 'Not Found', status: 404, code: 'not_found', detail: 'trade not found' },
    });
    expect(describeError(api).message).toBe('trade not found');
    const plain = new Error('first line\n    at stack (file.js:1:1)');
    expect(describeError(plain).message).toBe('first line');
  });
});

describe('colour and progress', () => {
  it('colours only a terminal, and never when NO_COLOR is set (non-empty) or TERM is dumb', () => {
    expect(colorEnabled({ isTTY: true }, {})).toBe(true);
    expect(colorEnabled({ isTTY: false }, {})).toBe(false);
    expect(colorEnabled({ isTTY: true }, { NO_COLOR: '1' })).toBe(false);
    expect(colorEnabled({ isTTY: true }, { NO_COLOR: '' })).toBe(true);
    expect(colorEnabled({ isTTY: true }, { TERM: 'dumb' })).toBe(false);
  });

  it('draws the progress line with a bar, the rows and the rows per second', () => {
    expect(progressLine('Importing f.csv', 0.5, 12_345, 1000)).toBe(
      'Importing f.csv  [████████████░░░░░░░░░░░░]  50%  12,345 rows  12,345 rows/s',
    );
    expect(progressLine('x', undefined, 10, 2000)).toBe('x  10 rows  5 rows/s');
    expect(countLineBreaks(new TextEncoder().encode('a\nb\r\nc'))).toBe(2);
    expect(countLineBreaks('a\n\n')).toBe(2);
  });
});
