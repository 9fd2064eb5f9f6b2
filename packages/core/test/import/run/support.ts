import type { Core, ImportReport, ImportRunOptions } from '@tj/core';

/** A source over a text (re-openable, in small byte chunks so readers see chunk boundaries). */
export function textSource(text: string, name = 'file.csv') {
  const bytes = new TextEncoder().encode(text);
  return {
    name,
    open: function* () {
      for (let i = 0; i < bytes.length; i += 4096) yield bytes.subarray(i, i + 4096);
    },
  };
}

/** Runs `core.imports.run` on a text, read in New York time unless told. */
export function run(
  core: Core,
  user: string,
  text: string,
  options: Partial<ImportRunOptions> = {},
  name = 'file.csv',
): Promise<ImportReport> {
  return core.imports.run(user, textSource(text, name), { sourceTz: 'America/New_York', ...options });
}

/** The user's trades, oldest entry first. */
export async function tradesOf(core: Core, user: string) {
  const { trades } = await core.trades.list(user, { limit: 100 });
  return trades.sort((a, b) => a.entryTime.localeCompare(b.entryTime) || a.instrument.localeCompare(b.instrument));
}
