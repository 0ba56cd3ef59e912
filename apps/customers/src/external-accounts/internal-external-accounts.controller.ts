import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { ApiException, Caller, CurrentCaller, ErrorBody } from '@payments/http';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsString } from 'class-validator';
import { InternalExternalAccountView } from '@customers/external-accounts/external-account.view';
import { ExternalAccountsService } from '@customers/external-accounts/external-accounts.service';

/** The most accounts one call reads: those of one caller's concurrent transfers. */
export const MAX_ACCOUNT_LOOKUPS = 500;

export class ExternalAccountLookups {
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_ACCOUNT_LOOKUPS)
  @IsString({ each: true })
  accountIds: string[];
}

/** One account of a batch: found, or the error that reading it alone would have answered. */
export type ExternalAccountLookup =
  { status: 200; account: InternalExternalAccountView } | { status: number; error: ErrorBody };

/**
 * Internal: the transfers app reads an account here before moving money to or from it, and quoting
 * before pricing a payment to it. The gateway routes nothing under /internal; callers send the caller
 * headers, and the lookup is scoped by them.
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

  /**
   * The accounts of one caller's concurrent transfers in one call, answered in their order; an
   * account not found is answered as such and leaves the others alone, so the call itself is a 200.
   */
  @Post('batch')
  @HttpCode(200)
  async getAll(
    @CurrentCaller() caller: Caller,
    @Body() body: ExternalAccountLookups,
  ): Promise<{ results: ExternalAccountLookup[] }> {
    const results = await Promise.all(
      body.accountIds.map((accountId) =>
        this.accounts.getInternal(caller, accountId).then(
          (account): ExternalAccountLookup => ({ status: 200, account }),
          (error: unknown): ExternalAccountLookup => {
            if (!ApiException.isRefusal(error)) throw error;
            return { status: error.status, error: error.toBody() };
          },
        ),
      ),
    );
    return { results };
  }
}
