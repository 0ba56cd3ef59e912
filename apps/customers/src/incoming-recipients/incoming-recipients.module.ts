import { Module } from '@nestjs/common';
import { IncomingRecipientsController } from '@customers/incoming-recipients/incoming-recipients.controller';
import { IncomingRecipientsService } from '@customers/incoming-recipients/incoming-recipients.service';

/** The internal lookup of who an incoming payment is for. */
@Module({
  controllers: [IncomingRecipientsController],
  providers: [IncomingRecipientsService],
})
export class IncomingRecipientsModule {}
