import { Body, Controller, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBasicAuth,
  ApiCreatedResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOperation,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { Caller, CurrentCaller, IDEMPOTENCY_KEY_HEADER } from '@payments/http';
import { TransactionView } from '@transfers/transactions/transaction.view';
import { TransferInDto, TransferOutDto } from '@transfers/transfers/dto/transfer.dto';
import { TransfersService } from '@transfers/transfers/transfers.service';

const BAD_TRANSFER = {
  description:
    'INVALID_INPUT (every bad field; accounts of different owners); INVALID_CURRENCY: the accounts hold different currencies',
};
const NOT_FOUND = { description: "ACCOUNT_NOT_FOUND, also for another platform's or environment's account" };

@ApiTags('Same-currency transfers')
@ApiBasicAuth()
@ApiHeader(IDEMPOTENCY_KEY_HEADER)
@Controller()
export class TransfersController {
  constructor(private readonly transfers: TransfersService) {}

  @Post('transfer-in')
  @ApiOperation({
    summary: 'Pull money from an external account with pull functionality into an internal account',
  })
  @ApiCreatedResponse({
    type: TransactionView,
    description: 'The INCOMING transaction, PENDING until the rail settles',
  })
  @ApiBadRequestResponse(BAD_TRANSFER)
  @ApiNotFoundResponse(NOT_FOUND)
  @ApiUnprocessableEntityResponse({
    description: 'TRANSFER_IN_NOT_SUPPORTED: the source cannot be pulled from; ACCOUNT_NOT_ACTIVE',
  })
  transferIn(@CurrentCaller() caller: Caller, @Body() body: TransferInDto): Promise<TransactionView> {
    return this.transfers.transferIn(caller, body);
  }

  @Post('transfer-out')
  @ApiOperation({ summary: 'Send money from an internal account to an external account' })
  @ApiCreatedResponse({
    type: TransactionView,
    description: 'The OUTGOING transaction, PENDING until the rail settles',
  })
  @ApiBadRequestResponse(BAD_TRANSFER)
  @ApiNotFoundResponse(NOT_FOUND)
  @ApiUnprocessableEntityResponse({
    description:
      'INSUFFICIENT_BALANCE (nothing is created); ACCOUNT_NOT_ACTIVE: the destination is not ACTIVE',
  })
  transferOut(@CurrentCaller() caller: Caller, @Body() body: TransferOutDto): Promise<TransactionView> {
    return this.transfers.transferOut(caller, body);
  }
}
