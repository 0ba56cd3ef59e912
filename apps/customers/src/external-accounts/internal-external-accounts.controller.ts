import { Controller, Get, Param } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Caller, CurrentCaller } from '@payments/http';
import { InternalExternalAccountView } from '@customers/external-accounts/external-account.view';
import { ExternalAccountsService } from '@customers/external-accounts/external-accounts.service';

/**
 * Internal: the transfers app reads an account here before moving money to or from it. The gateway
 * routes nothing under /internal; callers send the caller headers, and the lookup is scoped by them.
 */
@ApiExcludeController()
@Controller('internal/external-accounts')
export class InternalExternalAccountsController {
  constructor(private readonly accounts: ExternalAccountsService) {}

  @Get(':accountId')
  get(
    @CurrentCaller() caller: Caller,
    @Param('accountId') accountId: string,
  ): Promise<InternalExternalAccountView> {
    return this.accounts.getInternal(caller, accountId);
  }
}
