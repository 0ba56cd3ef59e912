import { Controller, Get, Param } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Caller, CurrentCaller } from '@payments/http';
import {
  InternalAccountsService,
  InternalAccountSummary,
  summarize,
} from '@ledger/accounts/internal-accounts.service';

/** Internal (the gateway does not route /internal): other apps read an account on the caller's behalf. */
@ApiExcludeController()
@Controller('internal/accounts')
export class AccountLookupController {
  constructor(private readonly accounts: InternalAccountsService) {}

  @Get(':accountId')
  async get(
    @CurrentCaller() caller: Caller,
    @Param('accountId') accountId: string,
  ): Promise<InternalAccountSummary> {
    return summarize(await this.accounts.find(caller, accountId));
  }
}
