import { Module } from '@nestjs/common';
import { AuditChangesController } from '@payments/persistence';
import { PlatformConfigController } from '@customers/platforms/platform-config.controller';
import { PlatformConfigsService } from '@customers/platforms/platform-configs.service';
import { UmaDomainDns } from '@customers/platforms/uma-domains/uma-domain-dns';
import { UmaDomainRules } from '@customers/platforms/uma-domains/uma-domain-rules';
import { WebhookEndpointPolicy } from '@customers/platforms/webhook-endpoint.policy';
import { WebhookSigningKeyClient } from '@customers/platforms/webhook-signing-key.client';

/** Platforms and their per-environment configuration (GET and PATCH /config). */
@Module({
  controllers: [PlatformConfigController, AuditChangesController],
  providers: [
    PlatformConfigsService,
    WebhookSigningKeyClient,
    UmaDomainRules,
    UmaDomainDns,
    WebhookEndpointPolicy,
  ],
  exports: [PlatformConfigsService, UmaDomainRules],
})
export class PlatformsModule {}
