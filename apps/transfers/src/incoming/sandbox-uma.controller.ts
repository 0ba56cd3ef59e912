import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBasicAuth,
  ApiForbiddenResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { Caller, CurrentCaller, IDEMPOTENCY_KEY_HEADER } from '@payments/http';
import { SandboxReceiveDto } from '@transfers/incoming/dto/sandbox-receive.dto';
import { SandboxReceiveService } from '@transfers/incoming/sandbox-receive.service';
import { TransactionView } from '@transfers/transactions/transaction.view';

@ApiTags('Sandbox')
@ApiBasicAuth()
@Controller('sandbox/uma')
export class SandboxUmaController {
  constructor(private readonly incoming: SandboxReceiveService) {}

  @Post('receive')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Simulate a UMA payment from a sandbox sender to a customer (sandbox only)',
    description:
      "The INCOMING transaction waits PENDING for the platform's approval: a pending INCOMING_PAYMENT webhook " +
      'carries it with requestedReceiverCustomerInfoFields; approved, it turns PROCESSING, then COMPLETED once ' +
      'the money is in the customer’s internal account (or its default UMA deposit account).',
  })
  @ApiHeader(IDEMPOTENCY_KEY_HEADER)
  @ApiOkResponse({ type: TransactionView, description: 'The INCOMING transaction, PENDING' })
  @ApiBadRequestResponse({
    description:
      'INVALID_INPUT; INVALID_UMA_ADDRESS (sender not at SANDBOX_UMA_DOMAIN); INVALID_CURRENCY (not received by ' +
      'the platform); AMOUNT_OUT_OF_RANGE',
  })
  @ApiForbiddenResponse({ description: 'FORBIDDEN with production credentials' })
  @ApiNotFoundResponse({ description: 'USER_NOT_FOUND: no live customer with that id or UMA address' })
  receive(@CurrentCaller() caller: Caller, @Body() body: SandboxReceiveDto): Promise<TransactionView> {
    return this.incoming.receive(caller, body);
  }
}
