import { Controller, Get, Param } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Caller, CurrentCaller } from '@payments/http';
import { InternalAccountView } from '@ledger/accounts/internal-account.view';
import {
  InternalAccountsService,
  InternalAccountSummary,
  present,
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

  /** The account as the public API shows it, for an app that answers with it (sandbox funding). */
  @Get(':accountId/view')
  async view(
    @CurrentCaller() caller: Caller,
    @Param('accountId') accountId: string,
  ): Promise<InternalAccountView> {
    return present(await this.accounts.find(caller, accountId));
  }
}
