import { IsIn, IsInt, IsOptional, IsString } from 'class-validator';
import { EventEnvelope } from '../envelope';
import { TopicContract } from '../topic';

/**
 * What came of the one attempt to deliver a pending incoming payment's webhook: the platform
 * answered (any status), the answer did not come within the approval timeout, or there was no
 * endpoint to reach or no connection to it.
 */
export const APPROVAL_ANSWER_OUTCOMES = ['ANSWERED', 'TIMED_OUT', 'UNREACHABLE'] as const;
export type ApprovalAnswerOutcome = (typeof APPROVAL_ANSWER_OUTCOMES)[number];

/**
 * The platform's synchronous answer, relayed as it came: the transfers app, which owns the
 * approval rules, decides what it means (docs/api.md#approvals).
 */
export class ApprovalAnswerReceivedV1 {
  /** API id of the transaction awaiting approval. */
  @IsString() transactionId: string;
  @IsIn(APPROVAL_ANSWER_OUTCOMES) outcome: ApprovalAnswerOutcome;
  /** ANSWERED only: the HTTP status. */
  @IsOptional() @IsInt() responseStatus?: number;
  /** ANSWERED only: the start of the body (the dispatcher keeps 4 KiB of an answer). */
  @IsOptional() @IsString() responseBody?: string;
  /** TIMED_OUT and UNREACHABLE: why no answer came. */
  @IsOptional() @IsString() error?: string;
  /** When the answer (or the failure) came, ISO 8601: the approval window after a 202 starts there. */
  @IsString() answeredAt: string;
}

export type ApprovalAnswerEvent = EventEnvelope<'approval.answer-received', ApprovalAnswerReceivedV1>;

/**
 * Producer: webhook-dispatcher, through its outbox in the transaction that records the attempt.
 * Key: the transaction id. Consumer: transfers (the approval protocol).
 */
export const APPROVAL_ANSWERS = new TopicContract<ApprovalAnswerEvent>('webhooks.approval-answers.v1', 3, {
  'approval.answer-received@1': ApprovalAnswerReceivedV1,
});
