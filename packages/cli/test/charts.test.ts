import { describe, expect, it } from 'vitest';
import { blockChart, horizontalBars, resample, sparkline } from '../src/output/charts.js';

describe('terminal charts', () => {
  it('resamples a long series to the last value of each bucket, keeping short ones whole', () => {
    expect(resample([1, 2, 3, 4, 5, 6], 3)).toEqual([2, 4, 6]);
    expect(resample([1, 2, 3, 4, 5], 2)).toEqual([3, 5]);
    expect(resample([7, 8], 10)).toEqual([7, 8]);
    expect(resample([], 4)).toEqual([]);
  });

  it('draws a sparkline from the lowest (▁) to the highest (█) value; a flat series sits mid-height', () => {
    expect(sparkline([0, 4, 8], 3)).toBe('▁▅█');
    expect(sparkline([5, 5, 5], 3)).toBe('▄▄▄');
    expect(sparkline([], 3)).toBe('');
  });

  it('draws an equity block chart with the max labelled on top and the min at the bottom', () => {
    expect(blockChart([0, 50, 100], { width: 3, height: 2 })).toEqual(['100 │ ▁█', '  0 │▁██']);
    const rows = blockChart([-200, -100, 300], { width: 10, height: 4, label: (v) => v.toFixed(2) });
    expect(rows).toHaveLength(4);
    expect(rows[0]).toMatch(/^ 300\.00 │ {2}█$/);
    expect(rows[3]).toMatch(/^-200\.00 │▁\S█$/);
  });

  it('keeps every column of a long series within the width', () => {
    const series = Array.from({ length: 1000 }, (_, i) => Math.sin(i / 50) * 100);
    const rows = blockChart(series, { width: 40, height: 6, label: (v) => v.toFixed(0) });
    for (const r of rows) expect([...(r.split('│')[1] ?? '')]).toHaveLength(40);
  });

  it('draws horizontal bars scaled to the largest value, with eighth blocks and the value after', () => {
    expect(
      horizontalBars(
        [
          { label: 'a', value: 2 },
          { label: 'bb', value: 1 },
        ],
        4,
      ),
    ).toEqual([' a │████ 2', 'bb │██ 1']);
    expect(
      horizontalBars(
        [
          { label: 'x', value: 8 },
          { label: 'y', value: 1 },
          { label: 'z', value: 0 },
        ],
        1,
      ),
    ).toEqual(['x │█ 8', 'y │▏ 1', 'z │ 0']);
  });
});
