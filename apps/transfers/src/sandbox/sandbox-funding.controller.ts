import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import {
  ApiBasicAuth,
  ApiForbiddenResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { Caller, CurrentCaller, IDEMPOTENCY_KEY_HEADER, otherAppSchema } from '@payments/http';
import { FundAccountDto } from '@transfers/sandbox/dto/fund-account.dto';
import { SandboxFundingService } from '@transfers/sandbox/sandbox-funding.service';

@ApiTags('Sandbox')
@ApiBasicAuth()
@Controller('sandbox/internal-accounts')
export class SandboxFundingController {
  constructor(private readonly funding: SandboxFundingService) {}

  @Post(':accountId/fund')
  @HttpCode(200)
  @ApiOperation({ summary: 'Simulate money arriving for an internal account (sandbox only)' })
  @ApiHeader(IDEMPOTENCY_KEY_HEADER)
  @ApiOkResponse({
    description:
      'The internal account with the amount credited; an INCOMING transaction records it, COMPLETED',
    schema: otherAppSchema('InternalAccountView'),
  })
  @ApiForbiddenResponse({ description: 'FORBIDDEN with production credentials' })
  @ApiNotFoundResponse({
    description: "ACCOUNT_NOT_FOUND, also for another platform's or environment's account",
  })
  fund(
    @CurrentCaller() caller: Caller,
    @Param('accountId') accountId: string,
    @Body() body: FundAccountDto,
  ): Promise<Record<string, unknown>> {
    return this.funding.fund(caller, accountId, body.amount);
  }
}
