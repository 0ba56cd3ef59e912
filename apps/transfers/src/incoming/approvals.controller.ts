import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBasicAuth,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { Caller, CurrentCaller } from '@payments/http';
import { ApprovalsService } from '@transfers/incoming/approvals.service';
import { ApprovePaymentDto, RejectPaymentDto } from '@transfers/incoming/dto/approval.dto';
import { TransactionView } from '@transfers/transactions/transaction.view';

const NOT_PENDING =
  'TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL: the transaction awaits no approval (decided, or not an incoming payment)';

@ApiTags('Transactions')
@ApiBasicAuth()
@Controller('transactions')
export class ApprovalsController {
  constructor(private readonly approvals: ApprovalsService) {}

  @Post(':transactionId/approve')
  @HttpCode(200)
  @ApiOperation({ summary: 'Approve a pending incoming payment (after answering its webhook with 202)' })
  @ApiOkResponse({ type: TransactionView, description: 'The transaction, PROCESSING until the money lands' })
  @ApiBadRequestResponse({
    description: 'MISSING_MANDATORY_USER_INFO naming the mandatory requested fields absent',
  })
  @ApiNotFoundResponse({ description: "TRANSACTION_NOT_FOUND, also for another platform's or environment's" })
  @ApiConflictResponse({ description: NOT_PENDING })
  approve(
    @CurrentCaller() caller: Caller,
    @Param('transactionId') transactionId: string,
    @Body() body: ApprovePaymentDto,
  ): Promise<TransactionView> {
    return this.approvals.approve(caller, transactionId, body);
  }

  @Post(':transactionId/reject')
  @HttpCode(200)
  @ApiOperation({ summary: 'Reject a pending incoming payment (after answering its webhook with 202)' })
  @ApiOkResponse({ type: TransactionView, description: 'The transaction, REJECTED' })
  @ApiNotFoundResponse({ description: "TRANSACTION_NOT_FOUND, also for another platform's or environment's" })
  @ApiConflictResponse({ description: NOT_PENDING })
  reject(
    @CurrentCaller() caller: Caller,
    @Param('transactionId') transactionId: string,
    @Body() body: RejectPaymentDto,
  ): Promise<TransactionView> {
    return this.approvals.reject(caller, transactionId, body);
  }
}
