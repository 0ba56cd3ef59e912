import { ConfigService } from '@nestjs/config';
import { Environment, RequestedCustomerInfoField, toApiId } from '@payments/contracts';
import { Caller } from '@payments/http';
import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { ApprovalDecisions } from '@transfers/incoming/approval-decisions';
import { ApprovalsService } from '@transfers/incoming/approvals.service';
import {
  ApprovalStatus,
  Decided,
  IncomingApprovalsStore,
  UndecidedApproval,
} from '@transfers/incoming/incoming-approvals.store';
import { RailAttemptsStore } from '@transfers/rails/rail-attempts.store';
import { PLATFORM, transactionRow } from '@transfers/transactions/__tests__/transaction-row';
import { TransactionRows } from '@transfers/transactions/__tests__/transaction-rows';
import { TransactionStore } from '@transfers/transactions/transaction.store';
import { TransfersEnvironment } from '@transfers/transfers.environment';

/** Service-level fakes of the incoming payments' specs: the approvals table, the database, the config. */

export const caller: Caller = {
  platformId: toApiId('Platform', PLATFORM),
  environment: Environment.Sandbox,
  requestId: 'req-1',
};

/** The app's defaults, with `changes`. */
export function transfersConfig(
  changes: Partial<TransfersEnvironment> = {},
): ConfigService<TransfersEnvironment, true> {
  const values: Partial<TransfersEnvironment> = { ...new TransfersEnvironment(), ...changes };
  return { get: (key: keyof TransfersEnvironment) => values[key] } as unknown as ConfigService<
    TransfersEnvironment,
    true
  >;
}

interface ApprovalRow {
  status: ApprovalStatus;
  requestedFields: RequestedCustomerInfoField[];
  deadlineInSeconds?: number;
  deadlineAt?: Date;
  receiverCustomerInfo?: Record<string, string> | null;
  reason?: string;
}

/** IncomingApprovalsStore's rows in memory; the manager arguments are ignored. */
export class ApprovalRows {
  private readonly rows = new Map<string, ApprovalRow>();

  async insert(
    _manager: unknown,
    id: string,
    requestedFields: RequestedCustomerInfoField[],
    deadlineInSeconds: number,
  ): Promise<void> {
    this.rows.set(id, { status: 'WAITING', requestedFields, deadlineInSeconds });
  }

  /** The undecided ones of `ids`, in id order, as the store's locking read answers them. */
  async lockUndecided(_manager: unknown, ids: string[]): Promise<UndecidedApproval[]> {
    return [...new Set(ids)].sort().flatMap((id) => {
      const row = this.rows.get(id);
      return row && row.status !== 'DECIDED'
        ? [{ id, status: row.status, requestedFields: row.requestedFields }]
        : [];
    });
  }

  async acknowledge(_manager: unknown, acknowledged: { id: string; deadlineAt: Date }[]): Promise<void> {
    for (const { id, deadlineAt } of acknowledged)
      Object.assign(this.rows.get(id)!, { status: 'ACKNOWLEDGED', deadlineAt });
  }

  async decide(_manager: unknown, decided: Decided[]): Promise<void> {
    for (const { id, receiverCustomerInfo, reason } of decided) {
      Object.assign(this.rows.get(id)!, {
        status: 'DECIDED',
        receiverCustomerInfo: receiverCustomerInfo ?? null,
        reason,
      });
    }
  }

  put(id: string, status: ApprovalStatus, requestedFields: RequestedCustomerInfoField[]): void {
    this.rows.set(id, { status, requestedFields });
  }

  row(id: string): ApprovalRow | undefined {
    const row = this.rows.get(id);
    return row && { ...row };
  }
}

/**
 * A DataSource whose transactions run on one fake manager, for services whose statements are all in
 * their (faked) stores: it runs no SQL, and a spec reaching it fails naming the statement.
 */
export function fakeDatabase() {
  const query = jest.fn(async (sql: string) => {
    throw new Error(`The fake database runs no SQL; the spec reached: ${sql}`);
  });
  const manager = { query } as unknown as EntityManager;
  const transaction = jest.fn((work: (manager: EntityManager) => Promise<unknown>) => work(manager));
  return { dataSource: { transaction, manager } as unknown as DataSource, manager, transaction };
}

/** What the sandbox sender asks about a USD recipient, and one optional field besides. */
export const REQUESTED: RequestedCustomerInfoField[] = [
  { name: 'FULL_NAME', mandatory: true },
  { name: 'EMAIL', mandatory: false },
  { name: 'BIRTH_DATE', mandatory: true },
];
export const RECEIVER_INFO = { FULL_NAME: 'Ada Lovelace', BIRTH_DATE: '1985-12-10' };

/**
 * ApprovalsService with its real ApprovalDecisions, over in-memory transactions and approvals. The
 * platforms' answers pass the inbox, which is SQL: their specs give a migrated `inboxDatabase`, whose
 * transactions are watched.
 */
export function approvalsService(timeoutSeconds = 30, inboxDatabase?: DataSource) {
  const transactions = new TransactionRows();
  const approvals = new ApprovalRows();
  const rails = { startNow: jest.fn() };
  const database = inboxDatabase
    ? { dataSource: inboxDatabase, transaction: jest.spyOn(inboxDatabase, 'transaction') }
    : fakeDatabase();
  const decisions = new ApprovalDecisions(
    approvals as unknown as IncomingApprovalsStore,
    transactions as unknown as TransactionStore,
    rails as unknown as RailAttemptsStore,
  );
  const service = new ApprovalsService(
    database.dataSource,
    approvals as unknown as IncomingApprovalsStore,
    transactions as unknown as TransactionStore,
    decisions,
    transfersConfig({ APPROVAL_TIMEOUT_SECONDS: timeoutSeconds }),
  );
  /** An incoming payment PENDING for the platform's approval, which asks `requested`; answers its id. */
  const awaiting = (status: 'WAITING' | 'ACKNOWLEDGED' = 'WAITING', requested = REQUESTED): string => {
    const id = randomUUID();
    transactions.put(
      transactionRow({
        id,
        type: 'INCOMING',
        sourceType: 'UMA_ADDRESS',
        sourceAccountId: null,
        sourceUmaAddress: '$sam@sandbox.grid.uma.money',
        destinationAccountId: 'InternalAccount:11111111-1111-4111-8111-111111111111',
      }),
    );
    approvals.put(id, status, requested);
    return id;
  };
  /** The approved ids whose rail attempts were started. */
  const started = () => rails.startNow.mock.calls.flatMap(([, ids]: [unknown, string[]]) => ids);
  return { service, transactions, approvals, database, awaiting, started };
}
