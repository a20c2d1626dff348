import type { Database } from './database.ts';

/**
 * A prepared statement made once per database handle, on first use, for a query that runs so often
 * that building it each time cost more than running it (measured with `npm run bench:bff`). Each
 * handle has its own pool, hence its own statements; the WeakMap lets a closed handle's go with it.
 */
export function preparedFor<Statement extends object>(
  prepare: (db: Database) => Statement,
): (db: Database) => Statement {
  const statements = new WeakMap<Database, Statement>();
  return (db) => {
    let statement = statements.get(db);
    if (statement === undefined) {
      statement = prepare(db);
      statements.set(db, statement);
    }
    return statement;
  };
}
