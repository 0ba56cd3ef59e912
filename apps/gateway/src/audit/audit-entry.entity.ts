import { Environment } from '@payments/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One write a platform's credentials asked for, recorded before it ran (audit/audit-trail.ts). */
@Entity({ name: 'audit_entries' })
export class AuditEntry {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ type: 'bigint', insert: false, update: false })
  seq: string;

  @Column('text', { name: 'platform_id' })
  platformId: string;

  @Column('text')
  environment: Environment;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt: Date;

  /** `Token:<uuid>`, as the API names it. */
  @Column('text', { name: 'token_id' })
  tokenId: string;

  @Column('text', { name: 'token_name' })
  tokenName: string;

  @Column('text', { name: 'request_id' })
  requestId: string;

  @Column('text')
  method: string;

  /** The path under the version segment, its query's secrets redacted. */
  @Column('text')
  route: string;

  @Column('text', { name: 'resource_id', nullable: true })
  resourceId: string | null;

  /** Null while the answer is unknown: still running, or the gateway died before it had one. */
  @Column('int', { name: 'outcome_status', nullable: true })
  outcomeStatus: number | null;

  @Column('timestamptz', { name: 'completed_at', nullable: true })
  completedAt: Date | null;
}
