import { escapeLiteral } from 'pg';
import { DataSource } from 'typeorm';
import { PostgresQueryRunner } from 'typeorm/driver/postgres/PostgresQueryRunner';

export interface Statement {
  sql: string;
  parameters: unknown[];
}

/** What a plan reads: the indexes it scans, the tables it scans whole, and whether it sorts. */
export interface PlanReads {
  indexes: string[];
  wholeTables: string[];
  sorts: boolean;
}

/** The statements a data source sends while `work` runs, as Postgres receives them. */
export async function statementsDuring(work: () => Promise<unknown>): Promise<Statement[]> {
  const statements: Statement[] = [];
  const original = PostgresQueryRunner.prototype.query;
  const spy = jest.spyOn(PostgresQueryRunner.prototype, 'query').mockImplementation(function (
    this: PostgresQueryRunner,
    sql: string,
    parameters?: unknown[],
    structured?: boolean,
  ) {
    statements.push({ sql, parameters: parameters ?? [] });
    return original.call(this, sql, parameters, structured);
  });
  try {
    await work();
  } finally {
    spy.mockRestore();
  }
  return statements;
}

/**
 * The plans Postgres makes for `statement`: the custom plan for its parameters, and the generic plan
 * a prepared statement may settle on after a few runs (the apps run theirs prepared). Plans are
 * made in one session of `dataSource`, so its schema's search path applies.
 */
export async function plansOf(dataSource: DataSource, statement: Statement): Promise<PlanReads[]> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    const literals = statement.parameters.map((value) => literalOf(value));
    const plans: PlanReads[] = [];
    await runner.query(`PREPARE plan_check AS ${statement.sql}`);
    try {
      for (const mode of ['force_custom_plan', 'force_generic_plan']) {
        await runner.query(`SET plan_cache_mode = ${mode}`);
        const execute =
          literals.length > 0 ? `EXECUTE plan_check(${literals.join(', ')})` : 'EXECUTE plan_check';
        const [
          {
            'QUERY PLAN': [root],
          },
        ] = await runner.query(`EXPLAIN (FORMAT JSON) ${execute}`);
        plans.push(readsOf(root.Plan));
      }
    } finally {
      await runner.query('DEALLOCATE plan_check');
      await runner.query('RESET plan_cache_mode');
    }
    return plans;
  } finally {
    await runner.release();
  }
}

/** A parameter as a literal of unknown type, which Postgres types from where it stands, as it does $n. */
function literalOf(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (value instanceof Date) return escapeLiteral(value.toISOString());
  if (Array.isArray(value))
    return escapeLiteral(`{${value.map((item) => JSON.stringify(String(item))).join(',')}}`);
  return escapeLiteral(String(value));
}

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

function readsOf(node: PlanNode): PlanReads {
  const below = (node.Plans ?? []).map(readsOf);
  return {
    indexes: [...(node['Index Name'] ? [node['Index Name']] : []), ...below.flatMap((plan) => plan.indexes)],
    wholeTables: [
      ...(node['Node Type'] === 'Seq Scan' ? [node['Relation Name']!] : []),
      ...below.flatMap((plan) => plan.wholeTables),
    ],
    sorts: node['Node Type'].includes('Sort') || below.some((plan) => plan.sorts),
  };
}
