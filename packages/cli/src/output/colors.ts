/** ANSI styling functions; identity functions when colour is off. */
export interface Colors {
  enabled: boolean;
  red(s: string): string;
  green(s: string): string;
  yellow(s: string): string;
  cyan(s: string): string;
  bold(s: string): string;
  dim(s: string): string;
}

const wrap = (on: boolean, open: number, close: number) => (s: string) => (on ? `\u001b[${open}m${s}\u001b[${close}m` : s);

/**
 * Whether to colour: never with a non-empty `NO_COLOR` (no-color.org; it wins over everything);
 * else as `FORCE_COLOR` says when it is set (`0` or `false` turns colour off, any other value on,
 * even into a pipe); else only on a terminal whose `TERM` is not `dumb`.
 */
export function colorEnabled(stream: { isTTY?: boolean }, env: Record<string, string | undefined>): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined) return !['0', 'false'].includes(force.trim().toLowerCase());
  if (env.TERM === 'dumb') return false;
  return stream.isTTY === true;
}

/** Styling functions, on or off. */
export function colors(enabled: boolean): Colors {
  return {
    enabled,
    red: wrap(enabled, 31, 39),
    green: wrap(enabled, 32, 39),
    yellow: wrap(enabled, 33, 39),
    cyan: wrap(enabled, 36, 39),
    bold: wrap(enabled, 1, 22),
    dim: wrap(enabled, 2, 22),
  };
}
