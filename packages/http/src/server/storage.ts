import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Storage } from '@tj/core';
import { openStorage, parseDatabaseUrl } from '@tj/core/storage';

/** Opens the database a URL names; a SQLite file's folder is created first. */
export async function openDatabase(url: string): Promise<Storage> {
  const target = parseDatabaseUrl(url);
  if (target.kind === 'sqlite' && target.file !== ':memory:' && target.file !== '') {
    mkdirSync(dirname(resolve(target.file)), { recursive: true });
  }
  return openStorage(url);
}
