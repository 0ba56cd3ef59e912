import { SchemaOptions } from '@payments/persistence';
import { AuditEntry } from '@gateway/audit/audit-entry.entity';
import { ApiToken } from '@gateway/auth/api-token.entity';
import { GatewayInitial1763700000000 } from '@gateway/migrations/1763700000000-gateway-initial';
import { IdempotencyRequestHash1764700000000 } from '@gateway/migrations/1764700000000-idempotency-request-hash';
import { TokenList1765000000000 } from '@gateway/migrations/1765000000000-token-list';
import { CreationOrder1765000000001 } from '@gateway/migrations/1765000000001-creation-order';
import { AuditEntries1766200000000 } from '@gateway/migrations/1766200000000-audit-entries';

export const GATEWAY_SCHEMA: SchemaOptions = {
  schema: 'gateway',
  entities: [ApiToken, AuditEntry],
  migrations: [
    GatewayInitial1763700000000,
    IdempotencyRequestHash1764700000000,
    TokenList1765000000000,
    CreationOrder1765000000001,
    AuditEntries1766200000000,
  ],
  genericPlans: true,
};
