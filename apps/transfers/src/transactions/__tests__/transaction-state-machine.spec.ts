import { TRANSACTION_STATUSES, TransactionStatus } from '@payments/contracts';
import { QueryRunner } from 'typeorm';
import { TransfersInitial1763700000000 } from '@transfers/migrations/1763700000000-transfers-initial';
import {
  assertTransition,
  canTransition,
  IllegalTransitionError,
  TRANSITIONS,
} from '@transfers/transactions/transaction-state-machine';

const allPairs = TRANSACTION_STATUSES.flatMap((from) =>
  TRANSACTION_STATUSES.map((to) => [from, to] as const),
);

/** The (from, to) pairs the migration seeds into transaction_transitions, read from its SQL. */
async function seededTransitions(): Promise<string[]> {
  const statements: string[] = [];
  const queryRunner = { query: async (sql: string) => void statements.push(sql) } as unknown as QueryRunner;
  await new TransfersInitial1763700000000().up(queryRunner);
  const seed = statements.find((sql) => sql.includes('INSERT INTO transaction_transitions'))!;
  return [...seed.matchAll(/\('(\w+)', '(\w+)'\)/g)].map(([, from, to]) => `${from}->${to}`).sort();
}

describe('transaction state machine', () => {
  it.each([
    ['CREATED', 'PENDING'],
    ['CREATED', 'FAILED'],
    ['PENDING', 'COMPLETED'],
    ['PENDING', 'FAILED'],
    ['PENDING', 'REJECTED'],
    ['PENDING', 'PROCESSING'],
    ['PROCESSING', 'COMPLETED'],
    ['PROCESSING', 'FAILED'],
    ['COMPLETED', 'REFUNDED'],
  ] as [TransactionStatus, TransactionStatus][])('allows %s -> %s', (from, to) => {
    expect(canTransition(from, to)).toBe(true);
    expect(() => assertTransition(from, to)).not.toThrow();
  });

  it.each([
    ['CREATED', 'COMPLETED'],
    ['PENDING', 'CREATED'],
    ['PENDING', 'PENDING'],
    ['COMPLETED', 'FAILED'],
    ['COMPLETED', 'PENDING'],
    ['FAILED', 'COMPLETED'],
    ['REJECTED', 'PENDING'],
    ['PROCESSING', 'PENDING'],
  ] as [TransactionStatus, TransactionStatus][])('refuses %s -> %s', (from, to) => {
    expect(canTransition(from, to)).toBe(false);
    expect(() => assertTransition(from, to)).toThrow(IllegalTransitionError);
  });

  it.each(['FAILED', 'REJECTED', 'REFUNDED', 'EXPIRED'] as TransactionStatus[])(
    'never leaves %s',
    (status) => {
      expect(TRANSITIONS[status]).toEqual([]);
    },
  );

  it('never returns to CREATED and never stays in place', () => {
    for (const [from, to] of allPairs) {
      if (to === 'CREATED' || from === to) expect(canTransition(from, to)).toBe(false);
    }
  });

  it('is exactly the table the migration gives the database', async () => {
    const inCode = allPairs
      .filter(([from, to]) => canTransition(from, to))
      .map(([from, to]) => `${from}->${to}`)
      .sort();
    expect(await seededTransitions()).toEqual(inCode);
  });
});
