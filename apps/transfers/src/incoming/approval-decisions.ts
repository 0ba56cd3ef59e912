import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { ApprovalDecision, FinalDecision } from '@transfers/incoming/approval-rules';
import { IncomingApprovalsStore, UndecidedApproval } from '@transfers/incoming/incoming-approvals.store';
import { RailAttemptsStore } from '@transfers/rails/rail-attempts.store';
import { MovedTransaction } from '@transfers/transactions/transaction-events';
import { StatusChange, TransactionStore } from '@transfers/transactions/transaction.store';

/**
 * Records what an approval came to, inside the caller's database transaction and with the approval
 * row locked: the row, the transaction's status change and its event commit together. An approved
 * payment turns PROCESSING and its rail attempt falls due, so the settlement worker makes the ledger
 * DEPOSIT (or the forwarding to the default UMA deposit account) and completes it; a rejected or
 * failed one never reached the ledger.
 */
@Injectable()
export class ApprovalDecisions {
  constructor(
    private readonly approvals: IncomingApprovalsStore,
    private readonly transactions: TransactionStore,
    private readonly rails: RailAttemptsStore,
  ) {}

  /** The transaction as the decision left it; undefined for an acknowledgement, which changes no status. */
  async apply(
    manager: EntityManager,
    approval: UndecidedApproval,
    decision: ApprovalDecision,
    requestId?: string,
  ): Promise<MovedTransaction | undefined> {
    const [moved] = await this.applyAll(manager, [{ id: approval.id, decision }], requestId);
    return moved;
  }

  /** Many decisions (each approval locked by the caller) in one statement per table; answers the moves. */
  async applyAll(
    manager: EntityManager,
    decisions: { id: string; decision: ApprovalDecision }[],
    requestId?: string,
  ): Promise<MovedTransaction[]> {
    const finals: { id: string; decision: FinalDecision }[] = [];
    const acknowledged: { id: string; deadlineAt: Date }[] = [];
    for (const { id, decision } of decisions) {
      if (decision.kind === 'acknowledge') acknowledged.push({ id, deadlineAt: decision.deadlineAt });
      else finals.push({ id, decision });
    }
    await this.approvals.acknowledge(manager, acknowledged);
    return finals.length > 0 ? this.decideAll(manager, finals, requestId) : [];
  }

  /** Decides many approvals (each locked by the caller) in one statement per table. */
  async decideAll(
    manager: EntityManager,
    decisions: { id: string; decision: FinalDecision }[],
    requestId?: string,
  ): Promise<MovedTransaction[]> {
    await this.approvals.decide(
      manager,
      decisions.map(({ id, decision }) => ({
        id,
        ...(decision.kind === 'approve' ? { receiverCustomerInfo: decision.receiverCustomerInfo } : {}),
        reason: reasonOf(decision),
      })),
    );
    const moved = await this.transactions.move(
      manager,
      decisions.map(({ id, decision }) => changeOf(id, decision, requestId)),
    );
    await this.rails.startNow(
      manager,
      decisions.flatMap(({ id, decision }) => (decision.kind === 'approve' ? [id] : [])),
    );
    return moved;
  }
}

function changeOf(id: string, decision: FinalDecision, requestId: string | undefined): StatusChange {
  const change = { id, from: 'PENDING' as const, reason: reasonOf(decision), requestId };
  switch (decision.kind) {
    case 'approve':
      return { ...change, to: 'PROCESSING' };
    case 'reject':
      return { ...change, to: 'REJECTED' };
    case 'fail':
      return { ...change, to: 'FAILED', failure: { reason: decision.reason, detail: decision.detail } };
  }
}

function reasonOf(decision: FinalDecision): string {
  switch (decision.kind) {
    case 'approve':
      return 'Approved by the platform';
    case 'reject':
      return `Rejected by the platform: ${decision.reason}`;
    case 'fail':
      return decision.detail;
  }
}
