import { readFileSync } from 'node:fs';
import type { Core } from '@tj/core';
import {
  type BrokerFill,
  type BrokerRecord,
  type FormatWarning,
  formatRegistry,
  type OpenedBrokerFile,
  openBrokerFile,
  readCsvRecords,
  readFileHead,
  readXmlElements,
} from '../../../src/import/index.js';
import type { CorporateActionRecord } from '../../../src/import/formats/corporate-action-record.js';
import type { FormatRecord } from '../../../src/import/formats/types.js';
import { newUser } from '../../support/core.js';
import { collect, failure } from '../support.js';

/** The registry of every built-in format, as `tj import` builds it. */
export const registry = formatRegistry();

/** A fixture of ours (`packages/core/test/fixtures/brokers/<name>`). */
export function fixture(name: string): string {
  return readFileSync(new URL(`../../fixtures/brokers/${name}`, import.meta.url), 'utf8');
}

/** A shared broker sample (`../shared/fixtures/brokers/<name>` beside the repository). */
export function sharedSample(name: string): string {
  return readFileSync(new URL(`../../../../../../shared/fixtures/brokers/${name}`, import.meta.url), 'utf8');
}

/** The name of the format detection picks for `text` (undefined when none). */
export async function detectedFormat(text: string): Promise<string | undefined> {
  const found = registry.detect(await readFileHead([text]));
  return found.ok ? found.format.name : undefined;
}

/** What a format's reader yields for `text` (fills, warnings and corporate actions, in its order); XML formats get elements. */
export async function readRecords(
  name: string,
  text: string,
  locale?: 'us' | 'eu',
): Promise<Array<BrokerRecord | CorporateActionRecord>> {
  const format = registry.get(name);
  const { delimiter } = await readFileHead([text]);
  const input =
    format.input === 'xml'
      ? { kind: 'xml' as const, elements: readXmlElements([text]) }
      : { kind: 'csv' as const, records: readCsvRecords([text], delimiter) };
  const batches = await collect(format.read(input, { delimiter, ...(locale !== undefined && { locale }) }));
  return batches.flat().filter((r): r is BrokerRecord | CorporateActionRecord => r.kind !== 'trade' && r.kind !== 'invalid');
}

/** Every record a format's reader yields for `text` read in `sourceTz`, whole trades included (CSV formats). */
export async function readAllRecords(name: string, text: string, sourceTz?: string): Promise<FormatRecord[]> {
  const { delimiter } = await readFileHead([text]);
  const input = { kind: 'csv' as const, records: readCsvRecords([text], delimiter) };
  const batches = await collect(registry.get(name).read(input, { delimiter, ...(sourceTz !== undefined && { sourceTz }) }));
  return batches.flat();
}

/** A format's fills and warnings for `text`, apart. */
export async function readFormat(name: string, text: string): Promise<{ fills: BrokerFill[]; warnings: FormatWarning[] }> {
  const records = await readRecords(name, text);
  return {
    fills: records.filter((r) => r.kind === 'fill'),
    warnings: records.flatMap((r) => (r.kind === 'warning' ? [{ line: r.line, message: r.message }] : [])),
  };
}

/** The fills of a reader's output (warnings dropped). */
export function fillsOf(records: Array<BrokerRecord | CorporateActionRecord>) {
  return records.filter((r) => r.kind === 'fill');
}

/** Opens `text` as a broker file read in `sourceTz`, detected unless `format` is given. */
export function openText(text: string, sourceTz: string, format?: string): Promise<OpenedBrokerFile> {
  return openBrokerFile(() => [text], { registry, sourceTz, ...(format !== undefined && { format }) });
}

/** Imports `text` for `user` and returns the summary, the file report and the user's trades by time. */
export async function importText(core: Core, user: string, text: string, sourceTz = 'America/New_York') {
  const summary = await importWithCore(core, user, text, sourceTz);
  // The file's own report (fills read, the reader's warnings) fills in as its items are read.
  const opened = await openText(text, sourceTz);
  for await (const _ of opened.items);
  const { trades } = await core.trades.list(user, {});
  trades.sort((a, b) => a.entryTime.localeCompare(b.entryTime) || a.instrument.localeCompare(b.instrument));
  return { summary, report: opened.report, trades };
}

/**
 * Imports `text` through `core.imports.run` (detection, the format, the one writer) and answers
 * its counts: trades created, trades an earlier import left open that it closed or continued,
 * and executions (or trades) already imported.
 */
export async function importWithCore(
  core: Core,
  user: string,
  text: string,
  sourceTz: string,
  options: { lotSizes?: Record<string, number> } = {},
): Promise<{ created: number; closed: number; skipped: number }> {
  const { counts } = await core.imports.run(user, { open: () => [Buffer.from(text)] }, { sourceTz, ...options });
  return { created: counts.tradesCreated, closed: counts.tradesUpdated, skipped: counts.duplicates };
}

/** The sum of the trades' results, to the cent (summed in micro-units). */
export function totalResult(trades: readonly { result: number | null }[]): number {
  return trades.reduce((sum, t) => sum + Math.round((t.result ?? 0) * 1e6), 0) / 1e6;
}

/** The validation message a bad file's import fails with, and how many trades a new user has after it. */
export async function importFailure(core: Core, text: string): Promise<{ message: string; trades: number }> {
  const user = await newUser(core);
  const message = await failure(importWithCore(core, user, text, 'America/New_York'));
  const { trades } = await core.trades.list(user, {});
  return { message, trades: trades.length };
}

/** The trades of one instrument (and account), oldest first. */
export function tradesOf<T extends { instrument: string; account: string | null; entryTime: string }>(
  trades: readonly T[],
  instrument: string,
  account?: string,
): T[] {
  return trades
    .filter((t) => t.instrument === instrument && (account === undefined || t.account === account))
    .sort((a, b) => a.entryTime.localeCompare(b.entryTime));
}
