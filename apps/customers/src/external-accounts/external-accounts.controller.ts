import { Body, Controller, Get, Post, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBasicAuth,
  ApiBody,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { Caller, CurrentCaller, Page } from '@payments/http';
import {
  CreateExternalAccountDto,
  CreatePlatformExternalAccountDto,
  ExternalAccountRequest,
} from '@customers/external-accounts/dto/create-external-account.dto';
import {
  ListExternalAccountsQuery,
  ListPlatformExternalAccountsQuery,
} from '@customers/external-accounts/dto/list-external-accounts.query';
import { ExternalAccountBodyPipe } from '@customers/external-accounts/external-account-body.pipe';
import { ExternalAccountPage, ExternalAccountView } from '@customers/external-accounts/external-account.view';
import { ExternalAccountsService } from '@customers/external-accounts/external-accounts.service';

const BAD_ACCOUNT = {
  description:
    'INVALID_INPUT: a field missing, unknown, of the wrong type or outside its enum; INVALID_BANK_ACCOUNT: ' +
    'an account identifier with a bad format, length or check digit. Both list every bad field in details.errors',
};
const BAD_FILTER = { description: 'INVALID_INPUT: a bad filter, limit or cursor' };

@ApiTags('External Accounts')
@ApiBasicAuth()
@Controller()
export class ExternalAccountsController {
  constructor(private readonly accounts: ExternalAccountsService) {}

  @Post('customers/external-accounts')
  @ApiOperation({
    summary: 'Add an external account for a customer, or for the platform when customerId is absent',
  })
  @ApiBody({ type: CreateExternalAccountDto })
  @ApiCreatedResponse({ type: ExternalAccountView })
  @ApiBadRequestResponse(BAD_ACCOUNT)
  @ApiNotFoundResponse({
    description:
      "USER_NOT_FOUND: no live customer has customerId (another platform's or environment's included)",
  })
  create(
    @CurrentCaller() caller: Caller,
    @Body(new ExternalAccountBodyPipe(CreateExternalAccountDto)) body: ExternalAccountRequest,
  ): Promise<ExternalAccountView> {
    return this.accounts.create(caller, body);
  }

  @Get('customers/external-accounts')
  @ApiOperation({ summary: "List the customers' external accounts, newest first" })
  @ApiOkResponse({ type: ExternalAccountPage })
  @ApiBadRequestResponse(BAD_FILTER)
  list(
    @CurrentCaller() caller: Caller,
    @Query() query: ListExternalAccountsQuery,
  ): Promise<Page<ExternalAccountView>> {
    return this.accounts.list(caller, query);
  }

  @Post('platform/external-accounts')
  @ApiOperation({ summary: "Add an external account of the platform's own" })
  @ApiBody({ type: CreatePlatformExternalAccountDto })
  @ApiCreatedResponse({ type: ExternalAccountView })
  @ApiBadRequestResponse(BAD_ACCOUNT)
  createForPlatform(
    @CurrentCaller() caller: Caller,
    @Body(new ExternalAccountBodyPipe(CreatePlatformExternalAccountDto)) body: ExternalAccountRequest,
  ): Promise<ExternalAccountView> {
    return this.accounts.create(caller, body);
  }

  @Get('platform/external-accounts')
  @ApiOperation({ summary: "List all the platform's own external accounts, newest first, in one page" })
  @ApiOkResponse({ type: ExternalAccountPage })
  @ApiBadRequestResponse(BAD_FILTER)
  listForPlatform(
    @CurrentCaller() caller: Caller,
    @Query() query: ListPlatformExternalAccountsQuery,
  ): Promise<Page<ExternalAccountView>> {
    return this.accounts.listForPlatform(caller, query);
  }
}
