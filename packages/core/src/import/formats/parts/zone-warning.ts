import type { FormatWarning } from '../types.js';

/**
 * The warning of a wall-clock time in a DST gap or overlap of `tz` (codes `dst_gap`,
 * `dst_overlap`), naming the column when a row has more than one time.
 */
export function zoneIssueWarning(line: number, issue: 'gap' | 'overlap', tz: string, column?: string): FormatWarning {
  const what =
    issue === 'gap' ? 'does not exist (clocks jumped forward)' : 'happened twice (clocks went back); the earlier was taken';
  return {
    line,
    code: issue === 'gap' ? 'dst_gap' : 'dst_overlap',
    message: `${column === undefined ? '' : `${column}: `}the time ${what} in ${tz}`,
  };
}
