import { Queryable } from './parked-rows';

/**
 * Runs `work` in a savepoint of the caller's transaction, so that its failure undoes its own
 * statements only and leaves the transaction usable: what isolateFailures needs to run parts of a
 * batch again within one transaction.
 */
export async function inSavepoint<R>(db: Queryable, work: () => Promise<R>): Promise<R> {
  await db.query('SAVEPOINT isolated_part');
  try {
    const result = await work();
    await db.query('RELEASE SAVEPOINT isolated_part');
    return result;
  } catch (error) {
    await db.query('ROLLBACK TO SAVEPOINT isolated_part');
    throw error;
  }
}
