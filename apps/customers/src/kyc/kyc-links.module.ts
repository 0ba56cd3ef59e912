import { Module } from '@nestjs/common';
import { CustomersModule } from '@customers/customers/customers.module';
import { KycLinksController } from '@customers/kyc/kyc-links.controller';
import { KycLinksService } from '@customers/kyc/kyc-links.service';
import { KycPageController } from '@customers/kyc/kyc-page.controller';

/** Onboarding through a hosted KYC page: the link for the platform, the page for its end customer. */
@Module({
  imports: [CustomersModule],
  controllers: [KycLinksController, KycPageController],
  providers: [KycLinksService],
})
export class KycLinksModule {}
