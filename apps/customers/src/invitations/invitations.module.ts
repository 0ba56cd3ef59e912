import { Module } from '@nestjs/common';
import { InvitationsController } from '@customers/invitations/invitations.controller';
import { InvitationsService } from '@customers/invitations/invitations.service';
import { InvitationsStore } from '@customers/invitations/invitations.store';

/** UMA invitations of the platform's customers (POST /invitations, get, claim, cancel). */
@Module({
  controllers: [InvitationsController],
  providers: [InvitationsService, InvitationsStore],
})
export class InvitationsModule {}
