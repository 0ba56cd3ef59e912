import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { serviceFoundation } from '@payments/messaging';
import { ListCountsWorker } from '@payments/persistence';
import { AuditChangesReader } from '@gateway/audit/audit-changes.reader';
import { AuditEntry } from '@gateway/audit/audit-entry.entity';
import { AuditLogController } from '@gateway/audit/audit-log.controller';
import { AuditLogService } from '@gateway/audit/audit-log.service';
import { AuditEntriesStore } from '@gateway/audit/audit-entries.store';
import { AuditTrail } from '@gateway/audit/audit-trail';
import { ApiToken } from '@gateway/auth/api-token.entity';
import { PermissionGuard } from '@gateway/auth/auth.guard';
import { SecretVerificationLimiter } from '@gateway/auth/secret-verification-limiter';
import { TokenAuthenticator } from '@gateway/auth/token-authenticator';
import { GATEWAY_SCHEMA } from '@gateway/database';
import { GatewayEnvironment } from '@gateway/gateway.environment';
import { IdempotencyStore } from '@gateway/idempotency/idempotency.store';
import { RequestLimits } from '@gateway/rate-limit/request-limits';
import { GATEWAY_RETENTION } from '@gateway/retention';
import { UpstreamClient } from '@gateway/routing/upstream-client';
import { TokensController } from '@gateway/tokens/tokens.controller';
import { TokensService } from '@gateway/tokens/tokens.service';

@Module({
  imports: [
    ...serviceFoundation({
      app: 'gateway',
      environment: GatewayEnvironment,
      schema: GATEWAY_SCHEMA,
      retention: GATEWAY_RETENTION,
      produces: [],
      consumes: [],
    }),
    TypeOrmModule.forFeature([ApiToken, AuditEntry]),
  ],
  // Everything else under the version prefix is proxied by a plain Fastify route (routing/proxy.route.ts).
  controllers: [TokensController, AuditLogController],
  providers: [
    TokenAuthenticator,
    SecretVerificationLimiter,
    TokensService,
    ListCountsWorker,
    IdempotencyStore,
    AuditTrail,
    AuditEntriesStore,
    AuditLogService,
    AuditChangesReader,
    UpstreamClient,
    RequestLimits,
    { provide: APP_GUARD, useClass: PermissionGuard },
  ],
})
export class AppModule {}
