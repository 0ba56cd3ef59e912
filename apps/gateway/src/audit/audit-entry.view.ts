import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { AuditEntry } from '@gateway/audit/audit-entry.entity';

/** The fields of a configuration or fee rule before and after the write, secrets masked. */
export class AuditChangeView {
  @ApiProperty({
    type: 'object',
    nullable: true,
    additionalProperties: true,
    description: 'null for a create',
  })
  before: Record<string, unknown> | null;

  @ApiProperty({
    type: 'object',
    nullable: true,
    additionalProperties: true,
    description: 'null for a delete',
  })
  after: Record<string, unknown> | null;
}

export class AuditOutcomeView {
  @ApiProperty({ example: 201, description: 'The HTTP status the caller was answered with' })
  status: number;

  @ApiProperty({ format: 'date-time' }) completedAt: string;
}

export class AuditEntryView {
  @ApiProperty({ example: 'AuditEntry:0b7d6c1e-2f43-4a4e-9a43-2f0c3c8e0d51' }) id: string;
  @ApiProperty({ format: 'date-time', description: 'When the write was received, before it ran' })
  createdAt: string;
  @ApiProperty({ example: 'Token:0b7d6c1e-2f43-4a4e-9a43-2f0c3c8e0d51' }) tokenId: string;
  @ApiProperty({ description: "The token's name when it made the write" }) tokenName: string;
  @ApiProperty({ description: 'The x-request-id the write was answered with' }) requestId: string;
  @ApiProperty({ example: 'PATCH' }) method: string;
  @ApiProperty({ example: '/config', description: 'Under the version segment; secret query values redacted' })
  route: string;
  @ApiProperty({ nullable: true, type: String, description: 'The resource in the path, or the one created' })
  resourceId: string | null;
  @ApiProperty({
    type: AuditOutcomeView,
    nullable: true,
    description:
      'null while unknown: the write may still run, or the gateway stopped before it had an answer',
  })
  outcome: AuditOutcomeView | null;
  @ApiPropertyOptional({ type: AuditChangeView, description: 'For configuration and fee-rule changes' })
  changes?: AuditChangeView;
}

export class AuditEntryPage {
  @ApiProperty({ type: [AuditEntryView] }) data: AuditEntryView[];
  @ApiProperty() hasMore: boolean;
  @ApiPropertyOptional() nextCursor?: string;
  @ApiProperty() totalCount: number;
}

export function presentAuditEntry(entry: AuditEntry, changes?: AuditChangeView): AuditEntryView {
  return {
    id: `AuditEntry:${entry.id}`,
    createdAt: entry.createdAt.toISOString(),
    tokenId: entry.tokenId,
    tokenName: entry.tokenName,
    requestId: entry.requestId,
    method: entry.method,
    route: entry.route,
    resourceId: entry.resourceId,
    outcome:
      entry.outcomeStatus === null
        ? null
        : { status: entry.outcomeStatus, completedAt: entry.completedAt!.toISOString() },
    ...(changes ? { changes } : {}),
  };
}
