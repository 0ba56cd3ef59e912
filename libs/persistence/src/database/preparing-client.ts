import { Client, ClientConfig, QueryConfig } from 'pg';

/** Distinct statements one connection keeps prepared; statements beyond them run unprepared. */
const MAX_PREPARED_STATEMENTS = 256;

/** A statement is prepared again after this many runs, then after four times as many each time. */
const FIRST_REPREPARE_AT = 100;
const REPREPARE_GROWTH = 4;

/**
 * Postgres refuses to run a prepared statement whose result columns a migration changed (a
 * `RETURNING *` of a table that gained a column): the statement is prepared again under a new name.
 */
const RESULT_TYPE_CHANGED = 'cached plan must not change result type';

interface PreparedStatement {
  name: string;
  runs: number;
  reprepareAt: number;
  /** Whether a run under this name succeeded, so the server holds the statement. */
  held: boolean;
}

/**
 * A pg client that runs each statement with parameters as a prepared statement of its connection,
 * so Postgres parses and plans it once per connection rather than at every call: measured during
 * the transfer-out bench, planning was as much as half of the money path's statements' cost.
 *
 * A prepared statement keeps the plan made for its tables as they were, until an ANALYZE replaces
 * it; where autovacuum is off, never. A plan made while a table held a few rows scans it whole, so
 * each statement is prepared again as its runs grow geometrically: a few plans in a connection's
 * life, each made for tables of about the size they have.
 */
export class PreparingClient extends Client {
  private readonly statements = new Map<string, PreparedStatement>();
  private preparedCount = 0;

  constructor(config?: string | ClientConfig) {
    super(config);
    const query = super.query.bind(this) as (...args: unknown[]) => unknown;
    this.query = ((...args: unknown[]) => {
      const [text, values, callback] = args;
      const statement =
        typeof text === 'string' &&
        Array.isArray(values) &&
        values.length > 0 &&
        typeof callback !== 'function'
          ? this.statementFor(text, query)
          : undefined;
      if (statement === undefined) return query(...args);
      const { name } = statement;
      const config: QueryConfig = { name, text: text as string, values: values as unknown[] };
      return (query(config) as Promise<unknown>).then(
        (result) => {
          if (statement.name === name) statement.held = true;
          return result;
        },
        (error: unknown) => {
          if (error instanceof Error && error.message === RESULT_TYPE_CHANGED)
            this.statements.delete(text as string);
          throw error;
        },
      );
    }) as Client['query'];
  }

  private statementFor(text: string, query: (...args: unknown[]) => unknown): PreparedStatement | undefined {
    let statement = this.statements.get(text);
    if (statement === undefined) {
      if (this.statements.size >= MAX_PREPARED_STATEMENTS) return undefined;
      statement = { name: this.nextName(), runs: 0, reprepareAt: FIRST_REPREPARE_AT, held: false };
      this.statements.set(text, statement);
    }
    if (++statement.runs >= statement.reprepareAt) {
      // Only a statement the server holds: deallocating an unknown one would abort a transaction.
      // It cannot fail but in a transaction already aborted, whose own error the caller gets.
      if (statement.held) (query(`DEALLOCATE ${statement.name}`) as Promise<unknown>).catch(() => undefined);
      Object.assign(statement, {
        name: this.nextName(),
        reprepareAt: statement.reprepareAt * REPREPARE_GROWTH,
        held: false,
      });
    }
    return statement;
  }

  private nextName(): string {
    return `prepared_${++this.preparedCount}`;
  }
}
