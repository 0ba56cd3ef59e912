import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { APPROVAL_ANSWERS, ApprovalAnswerEvent } from '@payments/contracts';
import { EventBatchPattern } from '@payments/messaging';
import { ApprovalsService } from '@transfers/incoming/approvals.service';

/** The platforms' synchronous answers to pending-payment webhooks, relayed by the webhook dispatcher. */
@Controller()
export class ApprovalAnswerConsumer {
  constructor(private readonly approvals: ApprovalsService) {}

  @EventBatchPattern(APPROVAL_ANSWERS.name)
  async onAnswers(@Payload() events: ApprovalAnswerEvent[]): Promise<void> {
    await this.approvals.applyAnswers(events);
  }
}
