import { Controller, Get, Query } from '@nestjs/common';
import { ApiBasicAuth, ApiTags } from '@nestjs/swagger';
import { Caller, CurrentCaller, Page } from '@payments/http';
import { ListInternalAccountsQuery, ListPlatformInternalAccountsQuery } from '@ledger/accounts/dto/list-internal-accounts.query';
import { InternalAccountsService, InternalAccountView } from '@ledger/accounts/internal-accounts.service';

@ApiTags('Internal accounts')
@ApiBasicAuth()
@Controller()
export class InternalAccountsController {
  constructor(private readonly accounts: InternalAccountsService) {}

  @Get('customers/internal-accounts')
  list(@CurrentCaller() caller: Caller, @Query() query: ListInternalAccountsQuery): Promise<Page<InternalAccountView>> {
    return this.accounts.list(caller, query);
  }

  @Get('platform/internal-accounts')
  listPlatform(@CurrentCaller() caller: Caller, @Query() query: ListPlatformInternalAccountsQuery): Promise<Page<InternalAccountView>> {
    return this.accounts.listPlatform(caller, query);
  }
}
