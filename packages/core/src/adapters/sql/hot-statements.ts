import type { RawBuilder } from 'kysely';
import { nameStatement } from './compiled-cache.js';
import type { SqlContext } from './context.js';

/** What running a hot statement needs of the repository's context. */
type HotContext = Pick<SqlContext, 'db' | 'direct' | 'inTransaction'>;

/**
 * Runs a hot statement whose text is the same on every call (only its parameters change, as with
 * `SqlCapabilities.rowsTable`): at once on an embedded database's connection when no other
 * caller's transaction holds it, else through kysely as a named statement where the driver
 * prepares them (PostgreSQL parses and plans it once per connection, not on every call).
 *
 * @example const rows = await runHot(ctx, sql`UPDATE deliveries SET … WHERE lease_until <= ${now} RETURNING *`);
 */
export async function runHot<R>(ctx: HotContext, query: RawBuilder<R>): Promise<R[]> {
  const compiled = query.compile(ctx.db);
  const rows = ctx.direct?.run(compiled.sql, compiled.parameters, ctx.inTransaction);
  if (rows !== undefined) return rows as R[];
  nameStatement(compiled.sql);
  return (await ctx.db.executeQuery<R>(compiled)).rows;
}

/**
 * A unit of work written once for both ways of running it: it yields each statement and is sent
 * back that statement's rows, then returns its result (see {@link runSteps}).
 */
export type Steps<T> = Generator<RawBuilder<unknown>, T, Record<string, unknown>[]>;

/**
 * Runs `steps` in one transaction: on an embedded database, synchronously from BEGIN to COMMIT
 * when its connection is free (no await between the statements, so no queueing); otherwise in a
 * kysely transaction, or in the caller's when the context already is one.
 */
export async function runSteps<T>(ctx: HotContext, steps: () => Steps<T>): Promise<T> {
  if (ctx.inTransaction) return await drive(steps(), (q) => runHot(ctx, q));
  const { direct, db } = ctx;
  const done = direct?.transaction(() => {
    const work = steps();
    let step = work.next();
    while (!step.done) {
      const compiled = step.value.compile(db);
      const rows = direct.run(compiled.sql, compiled.parameters, true);
      if (rows === undefined) throw new Error('the embedded connection left its own transaction');
      step = work.next(rows as Record<string, unknown>[]);
    }
    return step.value;
  });
  if (done !== undefined) return done.value;
  return await db.transaction().execute((trx) => drive(steps(), (q) => runHot({ db: trx, inTransaction: true }, q)));
}

/** Runs `work`'s statements one after another with `run`. */
async function drive<T>(work: Steps<T>, run: (q: RawBuilder<unknown>) => Promise<unknown[]>): Promise<T> {
  let step = work.next();
  while (!step.done) step = work.next((await run(step.value)) as Record<string, unknown>[]);
  return step.value;
}
