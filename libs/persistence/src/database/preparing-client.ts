import { Client, ClientConfig, QueryConfig } from 'pg';

/** Distinct statements one connection keeps prepared; statements beyond them run unprepared. */
const MAX_PREPARED_STATEMENTS = 256;

/**
 * Postgres refuses to run a prepared statement whose result columns a migration changed (a
 * `RETURNING *` of a table that gained a column): the statement is prepared again under a new name.
 */
const RESULT_TYPE_CHANGED = 'cached plan must not change result type';

/**
 * A pg client that runs each statement with parameters as a prepared statement of its connection,
 * so Postgres parses and plans it once per connection rather than at every call: measured during
 * the transfer-out bench, planning was as much as half of the money path's statements' cost.
 */
export class PreparingClient extends Client {
  private readonly names = new Map<string, string>();
  private preparedCount = 0;

  constructor(config?: string | ClientConfig) {
    super(config);
    const query = super.query.bind(this) as (...args: unknown[]) => unknown;
    this.query = ((...args: unknown[]) => {
      const [text, values, callback] = args;
      const name =
        typeof text === 'string' &&
        Array.isArray(values) &&
        values.length > 0 &&
        typeof callback !== 'function'
          ? this.nameOf(text)
          : undefined;
      if (name === undefined) return query(...args);
      const config: QueryConfig = { name, text: text as string, values: values as unknown[] };
      return (query(config) as Promise<unknown>).catch((error: unknown) => {
        if (error instanceof Error && error.message === RESULT_TYPE_CHANGED)
          this.names.delete(text as string);
        throw error;
      });
    }) as Client['query'];
  }

  private nameOf(text: string): string | undefined {
    let name = this.names.get(text);
    if (name === undefined && this.names.size < MAX_PREPARED_STATEMENTS) {
      name = `prepared_${++this.preparedCount}`;
      this.names.set(text, name);
    }
    return name;
  }
}
