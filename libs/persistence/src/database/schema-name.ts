/** Injection token of the Postgres schema the app owns. */
export const SCHEMA_NAME = Symbol('SCHEMA_NAME');
