import { dataSourceOptions, runMigrations, SchemaOptions } from '@payments/persistence';
import { DataSource } from 'typeorm';
import { TestDatabase } from './test-database';

/** A throwaway database migrated to one app's schema, connected to the way that app connects. */
export class MigratedDatabase {
  private constructor(
    private readonly database: TestDatabase,
    readonly dataSource: DataSource,
  ) {}

  get url(): string {
    return this.database.url;
  }

  /** Runs one statement in a connection of its own, as another client would, outside the data source. */
  query<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
    return this.database.query<T>(sql, params);
  }

  static async create(schema: SchemaOptions): Promise<MigratedDatabase> {
    const database = await TestDatabase.create();
    try {
      await runMigrations(database.url, schema);
      return new MigratedDatabase(
        database,
        await new DataSource(dataSourceOptions(database.url, schema)).initialize(),
      );
    } catch (error) {
      await database.drop();
      throw error;
    }
  }

  /** Closes the connection first: a database with sessions open cannot be dropped cleanly. */
  async drop(): Promise<void> {
    await this.dataSource.destroy();
    await this.database.drop();
  }
}
