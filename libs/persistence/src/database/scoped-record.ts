import { Environment } from '@payments/contracts';
import { Column, PrimaryColumn } from 'typeorm';

/**
 * The columns of a record that belongs to one platform in one environment and is listed in keyset
 * pages: a uuid, the `seq` pages are cut on, the scope and the timestamps.
 */
export abstract class ScopedRecord {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ type: 'bigint', insert: false, update: false })
  seq: string;

  @Column('uuid', { name: 'platform_id' })
  platformId: string;

  @Column('text')
  environment: Environment;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt: Date;

  @Column('timestamptz', { name: 'updated_at', default: () => 'now()' })
  updatedAt: Date;
}
