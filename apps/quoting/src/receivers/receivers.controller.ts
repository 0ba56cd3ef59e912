import { Controller, Get, Param, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBasicAuth,
  ApiFailedDependencyResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { Caller, CurrentCaller } from '@payments/http';
import { ReceiverLookupQuery } from '@quoting/receivers/dto/receiver-lookup.query';
import { ExternalAccountLookupView, UmaLookupView } from '@quoting/receivers/receiver-lookup.view';
import { ReceiverLookupsService } from '@quoting/receivers/receiver-lookups.service';

@ApiTags('Receivers')
@ApiBasicAuth()
@Controller('receiver')
export class ReceiversController {
  constructor(private readonly lookups: ReceiverLookupsService) {}

  @Get('uma/:receiverUmaAddress')
  @ApiOperation({
    summary:
      'Look up a UMA address: the currencies it receives, estimated rates and the payer data it needs; the lookupId is valid for QUOTE_TTL_SECONDS',
  })
  @ApiOkResponse({ type: UmaLookupView })
  @ApiBadRequestResponse({
    description: 'INVALID_UMA_ADDRESS; INVALID_INPUT (no customerId or senderUmaAddress)',
  })
  @ApiNotFoundResponse({ description: 'USER_NOT_FOUND (customerId)' })
  @ApiFailedDependencyResponse({
    description:
      'LNURLP_REQUEST_FAILED: the receiver could not be looked up (only sandbox receivers are reachable yet)',
  })
  lookupUma(
    @CurrentCaller() caller: Caller,
    @Param('receiverUmaAddress') receiverUmaAddress: string,
    @Query() query: ReceiverLookupQuery,
  ): Promise<UmaLookupView> {
    return this.lookups.lookupUma(caller, receiverUmaAddress, query);
  }

  @Get('external-account/:accountId')
  @ApiOperation({ summary: 'Look up an external account: its currency, estimated rate and limits' })
  @ApiOkResponse({ type: ExternalAccountLookupView })
  @ApiBadRequestResponse({ description: 'INVALID_INPUT (no customerId or senderUmaAddress)' })
  @ApiNotFoundResponse({
    description: "ACCOUNT_NOT_FOUND, also for another platform's account; USER_NOT_FOUND",
  })
  lookupExternalAccount(
    @CurrentCaller() caller: Caller,
    @Param('accountId') accountId: string,
    @Query() query: ReceiverLookupQuery,
  ): Promise<ExternalAccountLookupView> {
    return this.lookups.lookupExternalAccount(caller, accountId, query);
  }
}
