import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Caller, CurrentCaller } from '@payments/http';
import { UmaLookupDto, UmaPayRequestDto } from '@customers/uma-protocol/sending/dto/uma-sending.dto';
import { UmaLookupAnswer, UmaPayRequestAnswer, UmaSender } from '@customers/uma-protocol/sending/uma-sender';

/**
 * Internal: quoting's lookups and pay requests to UMA peers, made here where the platforms' keys and
 * domains are. The gateway routes nothing under /internal; the caller headers name the paying platform.
 */
@ApiExcludeController()
@Controller('internal/uma')
export class UmaSendingController {
  constructor(private readonly sender: UmaSender) {}

  @Post('lookups')
  @HttpCode(200)
  lookup(@CurrentCaller() caller: Caller, @Body() body: UmaLookupDto): Promise<UmaLookupAnswer> {
    return this.sender.lookup(caller, body);
  }

  @Post('pay-requests')
  @HttpCode(200)
  payRequest(@CurrentCaller() caller: Caller, @Body() body: UmaPayRequestDto): Promise<UmaPayRequestAnswer> {
    return this.sender.payRequest(caller, body);
  }
}
