import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { APPROVAL_ANSWERS, ApprovalAnswerEvent } from '@payments/contracts';
import { ApprovalsService } from '@transfers/incoming/approvals.service';

/** The platforms' synchronous answers to pending-payment webhooks, relayed by the webhook dispatcher. */
@Controller()
export class ApprovalAnswerConsumer {
  constructor(private readonly approvals: ApprovalsService) {}

  @EventPattern(APPROVAL_ANSWERS.name)
  async onAnswer(@Payload() event: ApprovalAnswerEvent): Promise<void> {
    await this.approvals.applyAnswer(event);
  }
}
