import { Environment, Permission } from '@payments/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'api_tokens' })
export class ApiToken {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ type: 'bigint', insert: false, update: false })
  seq: string;

  @Column('text', { name: 'platform_id' })
  platformId: string;

  @Column('text')
  environment: Environment;

  @Column('text')
  name: string;

  @Column('text', { array: true })
  permissions: Permission[];

  @Column('text', { name: 'client_id' })
  clientId: string;

  /** scrypt hash of the client secret; the secret itself is shown once and never stored. */
  @Column('text', { name: 'secret_hash' })
  secretHash: string;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt: Date;

  @Column('timestamptz', { name: 'updated_at', default: () => 'now()' })
  updatedAt: Date;

  @Column('timestamptz', { name: 'deleted_at', nullable: true })
  deletedAt: Date | null;
}
