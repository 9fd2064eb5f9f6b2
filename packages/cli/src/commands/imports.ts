import type { ImportListItem, ImportRecord } from '@tj/core';
import type { Command } from 'commander';
import { resolveId } from '../backend/resolve-id.js';
import { action, examples, type Opts } from '../command-kit.js';
import { printGroups } from '../import/report-view.js';
import { registerImportProfiles } from './import-profiles.js';
import type { Context, Io } from '../context.js';
import { dateTime, money, num, pageLine, plural } from '../output/format.js';
import type { Output } from '../output/output.js';
import { shortId } from '@tj/core/ids';
import { defined, positiveIntArg } from '../util/args.js';

/** Undone, standing, or (a re-import, an overlapping export) standing but with no trade created or updated. */
function state(i: ImportListItem): string {
  if (i.undoneAt !== null) return 'undone';
  return i.counts.tradesCreated === 0 && i.counts.tradesUpdated === 0 ? 'nothing new' : 'standing';
}

function net(i: ImportListItem): string {
  return money(i.groups.reduce((sum, g) => sum + Math.round(g.pnl * 100), 0) / 100);
}

/** `tj imports list`: the history, newest first. */
export async function listImports(ctx: Context, opts: Opts): Promise<void> {
  const client = await ctx.client();
  const page = await client.imports.list(defined({ page: opts.page, limit: opts.limit }));
  ctx.out.result(page, ({ imports, pagination }) => {
    if (imports.length === 0) return ctx.out.line('No imports yet: tj import FILE');
    ctx.out.printTable(
      ['ID', 'When', 'File', 'Format', 'Created', 'Updated', 'Dupes', 'Net P&L', 'State'],
      imports.map((i) => [
        shortId(i.id),
        dateTime(i.startedAt, ctx.tz),
        i.fileName ?? '',
        i.format.label,
        num(i.counts.tradesCreated),
        num(i.counts.tradesUpdated),
        num(i.counts.duplicates),
        net(i),
        state(i),
      ]),
      ['left', 'left', 'left', 'left', 'right', 'right', 'right', 'right', 'left'],
    );
    ctx.out.line(ctx.out.c.dim(pageLine(pagination, 'import')));
  });
}

/** Prints one import record: what was read, what it did, its warnings and groups. */
export function printImport(out: Output, r: ImportRecord, tz: string): void {
  const c = r.counts;
  // The zone is named only when a time of the file was read in it.
  const zone = r.sourceTzUsed ? ` · times in ${r.sourceTz}` : ' · times with their own zone';
  out.line(`${out.c.bold(r.format.label)}${r.fileName ? ` · ${r.fileName}` : ''}${zone}`);
  out.line(
    `Import ${shortId(r.id)} · ${dateTime(r.startedAt, tz)}${r.undoneAt ? out.c.yellow(` · undone ${dateTime(r.undoneAt, tz)}`) : ''}`,
  );
  out.line(
    `${plural(c.rows, 'row')}, ${plural(c.fills, 'fill')}: ${c.tradesCreated} created, ${c.tradesUpdated} updated, ${c.duplicates} already imported, ${c.invalid} invalid${c.scheduledFees > 0 ? `, ${c.scheduledFees} with fees from the commission schedule` : ''}`,
  );
  printGroups(out, r);
  for (const w of r.warnings) out.line(out.c.yellow(`warning: ${w.line === undefined ? '' : `line ${w.line}: `}${w.message}`));
}

/** `tj imports show <id>`. */
export async function showImport(ctx: Context, _opts: Opts, [arg]: string[]): Promise<void> {
  const id = await resolveId(ctx, 'import', arg as string);
  const record = await (await ctx.client()).imports.get(id);
  ctx.out.result(record, (r) => {
    printImport(ctx.out, r, ctx.tz);
    if (r.tradeIds.length > 0)
      ctx.out.line(ctx.out.c.dim(`Trades: tj trades list (${plural(r.tradeIds.length, 'trade')} of this import)`));
  });
}

/** `tj imports undo <id>`: removes the trades the import created, once confirmed. */
export async function undoImport(ctx: Context, opts: Opts, [arg]: string[]): Promise<void> {
  const id = await resolveId(ctx, 'import', arg as string);
  const client = await ctx.client();
  const record = await client.imports.get(id);
  const what = `import ${id} (${plural(record.tradeIds.length, 'trade')} it created)`;
  if (opts.yes !== true && !(await ctx.prompt.confirm({ message: `Undo ${what}?`, flag: '--yes' }))) {
    ctx.out.line('Nothing undone.');
    return;
  }
  const undone = await client.imports.undo(id, { force: opts.force === true });
  ctx.out.result(undone, () => ctx.out.line(`Undid ${what}`));
}

/** Registers `tj imports …`. */
export function registerImports(program: Command, io: Io): void {
  const imports = program.command('imports').description('the imports you made: list, show, undo; saved column mappings');
  examples(imports, ['tj imports list', 'tj imports show 7f3a9c21e4', 'tj imports undo 7f3a9c21e4 --yes']);
  examples(
    imports
      .command('list')
      .description('imports, newest first')
      .option('--page <n>', 'page number', positiveIntArg)
      .option('--limit <n>', 'imports per page (1-100)', positiveIntArg)
      .action(action(io, listImports)),
    ['tj imports list', 'tj imports list --page 2 --json'],
  );
  examples(
    imports
      .command('show')
      .argument('<id>', 'import id or its start')
      .description('what an import read and did')
      .action(action(io, showImport)),
    ['tj imports show 7f3a9c21e4', 'tj imports show 7f3a9c21e4 --json'],
  );
  examples(
    imports
      .command('undo')
      .argument('<id>', 'import id or its start')
      .description('remove the trades an import created (refused when one was edited since, unless --force)')
      .option('--yes', 'do not ask')
      .option('--force', 'undo even when trades of the import were edited since')
      .action(action(io, undoImport)),
    ['tj imports undo 7f3a9c21e4 --yes', 'tj imports undo 7f3a9c21e4 --yes --force'],
  );
  registerImportProfiles(imports, io);
}
