import { Controller, Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBasicAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Caller, CurrentCaller, Page } from '@payments/http';
import {
  ListInternalAccountsQuery,
  ListPlatformInternalAccountsQuery,
} from '@ledger/accounts/dto/list-internal-accounts.query';
import { InternalAccountPage, InternalAccountView } from '@ledger/accounts/internal-account.view';
import { InternalAccountsService } from '@ledger/accounts/internal-accounts.service';

@ApiTags('Internal accounts')
@ApiBasicAuth()
@Controller()
export class InternalAccountsController {
  constructor(private readonly accounts: InternalAccountsService) {}

  @Get('customers/internal-accounts')
  @ApiOperation({ summary: "List the customers' internal accounts with their balances, newest first" })
  @ApiOkResponse({ type: InternalAccountPage })
  @ApiBadRequestResponse({ description: 'INVALID_INPUT: a bad currency, limit or cursor' })
  list(
    @CurrentCaller() caller: Caller,
    @Query() query: ListInternalAccountsQuery,
  ): Promise<Page<InternalAccountView>> {
    return this.accounts.list(caller, query);
  }

  @Get('platform/internal-accounts')
  @ApiOperation({ summary: "List the platform's own internal accounts, one per currency, all in one page" })
  @ApiOkResponse({ type: InternalAccountPage })
  @ApiBadRequestResponse({ description: 'INVALID_INPUT: a bad currency' })
  listPlatform(
    @CurrentCaller() caller: Caller,
    @Query() query: ListPlatformInternalAccountsQuery,
  ): Promise<Page<InternalAccountView>> {
    return this.accounts.listPlatform(caller, query);
  }
}
