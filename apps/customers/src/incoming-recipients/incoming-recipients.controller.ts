import { Controller, Get, Query } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Caller, CurrentCaller } from '@payments/http';
import { IncomingRecipientQuery } from '@customers/incoming-recipients/dto/incoming-recipient.query';
import { IncomingRecipientView } from '@customers/incoming-recipients/incoming-recipient.view';
import { IncomingRecipientsService } from '@customers/incoming-recipients/incoming-recipients.service';

/**
 * Internal: the transfers app resolves the recipient of an incoming payment here. The gateway routes
 * nothing under /internal; the lookup is scoped by the caller headers.
 */
@ApiExcludeController()
@Controller('internal/incoming-recipients')
export class IncomingRecipientsController {
  constructor(private readonly recipients: IncomingRecipientsService) {}

  @Get()
  find(
    @CurrentCaller() caller: Caller,
    @Query() query: IncomingRecipientQuery,
  ): Promise<IncomingRecipientView> {
    return this.recipients.find(caller, query);
  }
}
