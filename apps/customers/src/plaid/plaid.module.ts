import { Module } from '@nestjs/common';
import { ExternalAccountsModule } from '@customers/external-accounts/external-accounts.module';
import { PlaidController } from '@customers/plaid/plaid.controller';
import { PlaidLinksService } from '@customers/plaid/plaid-links.service';

/** The bank-link flow of the link provider Plaid, which creates US external accounts. */
@Module({
  imports: [ExternalAccountsModule],
  controllers: [PlaidController],
  providers: [PlaidLinksService],
})
export class PlaidModule {}
