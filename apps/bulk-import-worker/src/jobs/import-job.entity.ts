import { BulkImportJobStatus } from '@payments/contracts';
import { ScopedRecord } from '@payments/persistence';
import { Column, Entity } from 'typeorm';

/**
 * An import job as its list reads it (ImportJobList), for the page query the other lists share.
 * Jobs are written by ImportJobsStore with plain SQL; nothing writes through this entity.
 */
@Entity({ name: 'import_jobs' })
export class ImportJob extends ScopedRecord {
  @Column('text')
  status: BulkImportJobStatus;

  /** The file's rows, known once the whole upload is stored. */
  @Column('int', { name: 'total_rows' })
  totalRows: number;

  @Column('int')
  processed: number;

  @Column('int')
  successful: number;

  @Column('int')
  failed: number;

  @Column('timestamptz', { name: 'completed_at', nullable: true })
  completedAt: Date | null;
}
