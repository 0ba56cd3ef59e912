import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { ApprovalAnswerEvent, uuidOf } from '@payments/contracts';
import { ApiException, Caller, scopeOf } from '@payments/http';
import { handleEachOnce, inScope } from '@payments/persistence';
import { DataSource, EntityManager } from 'typeorm';
import { ApprovalDecisions } from '@transfers/incoming/approval-decisions';
import {
  decideFromAnswer,
  FinalDecision,
  isStringMap,
  missingMandatoryFields,
} from '@transfers/incoming/approval-rules';
import { ApprovePaymentDto, RejectPaymentDto } from '@transfers/incoming/dto/approval.dto';
import { IncomingApprovalsStore, UndecidedApproval } from '@transfers/incoming/incoming-approvals.store';
import { TransactionStore } from '@transfers/transactions/transaction.store';
import { presentTransaction, TransactionView } from '@transfers/transactions/transaction.view';
import { TransfersEnvironment } from '@transfers/transfers.environment';

/** The consumer name of the approval answers in the inbox. */
const ANSWERS_CONSUMER = 'transfers.approval-answers';

/**
 * The platform's decision on a pending incoming payment, however it comes: its synchronous answer to
 * the webhook (relayed by the dispatcher as an event), or POST /transactions/{id}/approve or /reject.
 * Whichever locks the undecided approval first decides it; the others find it decided.
 */
@Injectable()
export class ApprovalsService {
  private readonly timeoutSeconds: number;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly approvals: IncomingApprovalsStore,
    private readonly transactions: TransactionStore,
    private readonly decisions: ApprovalDecisions,
    config: ConfigService<TransfersEnvironment, true>,
  ) {
    this.timeoutSeconds = config.get('APPROVAL_TIMEOUT_SECONDS', { infer: true });
  }

  /** 400 naming every mandatory requested field the body lacks; 409 when nothing awaits approval. */
  approve(caller: Caller, transactionId: string, body: ApprovePaymentDto): Promise<TransactionView> {
    const info = body.receiverCustomerInfo ?? {};
    if (!isStringMap(info)) {
      throw ApiException.invalidInput([
        { field: 'receiverCustomerInfo', message: 'must map user-info field names to strings' },
      ]);
    }
    return this.decideByRequest(caller, transactionId, (approval) => {
      const missing = missingMandatoryFields(approval.requestedFields, info);
      if (missing.length > 0) {
        throw new ApiException(
          'MISSING_MANDATORY_USER_INFO',
          `receiverCustomerInfo lacks mandatory requested fields: ${missing.join(', ')}`,
          { missingFields: missing },
        );
      }
      return { kind: 'approve', receiverCustomerInfo: info };
    });
  }

  reject(caller: Caller, transactionId: string, body: RejectPaymentDto): Promise<TransactionView> {
    return this.decideByRequest(caller, transactionId, () => ({
      kind: 'reject',
      reason: body.reason || 'no reason given',
    }));
  }

  /**
   * Applies the platforms' synchronous answers, each once, a batch in one database transaction: one
   * per answer was the incoming payments' bottleneck under load. An approval decided meanwhile stays
   * as it is.
   */
  async applyAnswers(events: ApprovalAnswerEvent[]): Promise<void> {
    await handleEachOnce(this.dataSource, ANSWERS_CONSUMER, events, async (manager, fresh) => {
      const answers = new Map(
        fresh.flatMap((event) => {
          const id = uuidOf('Transaction', event.payload.transactionId);
          return id ? [[id, event.payload] as const] : [];
        }),
      );
      const approvals = await this.approvals.lockUndecided(manager, [...answers.keys()]);
      await this.decisions.applyAll(
        manager,
        // Not WAITING: a request decided after a 202, or the deadline passed; the answer comes too late.
        approvals
          .filter((approval) => approval.status === 'WAITING')
          .map((approval) => ({
            id: approval.id,
            decision: decideFromAnswer(
              answers.get(approval.id)!,
              approval.requestedFields,
              this.timeoutSeconds,
            ),
          })),
      );
    });
  }

  private async decideByRequest(
    caller: Caller,
    transactionId: string,
    decide: (approval: UndecidedApproval) => FinalDecision,
  ): Promise<TransactionView> {
    const id = uuidOf('Transaction', transactionId);
    if (!id) throw ApiException.notFound('TRANSACTION_NOT_FOUND', `Transaction ${transactionId}`);
    const notPending = new ApiException(
      'TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL',
      `Transaction ${transactionId} is not awaiting the platform's approval: it was decided already, or timed out; GET it for its status`,
    );
    const moved = await this.dataSource.transaction(async (manager) => {
      const approval = await this.lockInScope(manager, caller, id, transactionId);
      if (!approval) throw notPending;
      return this.decisions.apply(manager, approval, decide(approval), caller.requestId);
    });
    if (!moved) throw notPending;
    return presentTransaction(moved.transaction);
  }

  /**
   * The undecided approval of the caller's transaction, locked; 404 TRANSACTION_NOT_FOUND when the
   * transaction is not the caller's, undefined when it awaits no approval.
   */
  private async lockInScope(
    manager: EntityManager,
    caller: Caller,
    id: string,
    transactionId: string,
  ): Promise<UndecidedApproval | undefined> {
    const found = inScope(await this.transactions.ownerAndStatus(manager, id), scopeOf(caller));
    if (!found || found.status === 'CREATED')
      throw ApiException.notFound('TRANSACTION_NOT_FOUND', `Transaction ${transactionId}`);
    const [approval] = await this.approvals.lockUndecided(manager, [id]);
    return approval;
  }
}
