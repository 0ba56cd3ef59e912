import { Controller, Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBasicAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Caller, CurrentCaller } from '@payments/http';
import { KycLinkQuery } from '@customers/kyc/dto/kyc-link.query';
import { KycLinkView } from '@customers/kyc/kyc-link.view';
import { KycLinksService } from '@customers/kyc/kyc-links.service';

@ApiTags('Customers')
@ApiBasicAuth()
@Controller('customers')
export class KycLinksController {
  constructor(private readonly links: KycLinksService) {}

  @Get('kyc-link')
  @ApiOperation({
    summary: 'Get a hosted KYC page link for a customer to onboard',
    description:
      'The end customer opens kycUrl (no credentials needed) and submits their identity details; that ' +
      'creates the customer, redirects to redirectUri and sends a KYC_STATUS webhook. The link works once ' +
      'and expires after KYC_LINK_TTL_SECONDS (30 minutes by default).',
  })
  @ApiOkResponse({ type: KycLinkView })
  @ApiBadRequestResponse({
    description: 'INVALID_INPUT: platformCustomerId missing, or redirectUri not an http(s) URL',
  })
  createLink(@CurrentCaller() caller: Caller, @Query() query: KycLinkQuery): Promise<KycLinkView> {
    return this.links.createLink(caller, query);
  }
}
