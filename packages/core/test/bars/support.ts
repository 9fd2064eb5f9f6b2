import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** A fixture of test/fixtures/bars as an import source (re-openable bytes). */
export function fixture(name: string): { name: string; open: () => Uint8Array[] } {
  const bytes = readFileSync(fileURLToPath(new URL(`../fixtures/bars/${name}`, import.meta.url)));
  return { name, open: () => [bytes] };
}

/** Text as an import source. */
export function textSource(text: string): { open: () => Uint8Array[] } {
  const bytes = Buffer.from(text);
  return { open: () => [bytes] };
}

/** Epoch ms of an ISO time. */
export const ms = (iso: string): number => Date.parse(iso);
