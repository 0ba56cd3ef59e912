import { Body, Controller, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBasicAuth,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { Caller, CurrentCaller } from '@payments/http';
import { ExternalAccountView } from '@customers/external-accounts/external-account.view';
import { CreateLinkTokenDto } from '@customers/plaid/dto/create-link-token.dto';
import { PlaidCallbackDto } from '@customers/plaid/dto/plaid-callback.dto';
import { LinkTokenView } from '@customers/plaid/link-token.view';
import { PlaidLinksService } from '@customers/plaid/plaid-links.service';

/** Linking a customer's US bank account through Plaid Link (`{linkprovider}` is `plaid`). */
@ApiTags('External Accounts')
@ApiBasicAuth()
@Controller('plaid')
export class PlaidController {
  constructor(private readonly links: PlaidLinksService) {}

  @Post('link-tokens')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Start a bank-link session for a customer' })
  @ApiOkResponse({ type: LinkTokenView })
  @ApiNotFoundResponse({ description: 'USER_NOT_FOUND: no live customer has customerId' })
  createLinkToken(@CurrentCaller() caller: Caller, @Body() body: CreateLinkTokenDto): Promise<LinkTokenView> {
    return this.links.createLinkToken(caller, body);
  }

  @Post('callback/:linkToken')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiOperation({
    summary: 'Exchange the public token of a link session: the new account is PENDING, then turns ACTIVE',
  })
  @ApiAcceptedResponse({ type: ExternalAccountView })
  @ApiNotFoundResponse({ description: 'NOT_FOUND: the link token is unknown or expired' })
  @ApiConflictResponse({ description: 'CONFLICT: the link token was already used' })
  callback(
    @CurrentCaller() caller: Caller,
    @Param('linkToken') linkToken: string,
    @Body() body: PlaidCallbackDto,
  ): Promise<ExternalAccountView> {
    return this.links.exchange(caller, linkToken, body);
  }
}
