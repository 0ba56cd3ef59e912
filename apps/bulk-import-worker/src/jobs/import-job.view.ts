import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import {
  BULK_IMPORT_JOB_STATUSES,
  BulkImportError,
  BulkImportJobSnapshot,
  BulkImportJobStatus,
  toApiId,
} from '@payments/contracts';
import { ImportJob } from '@bulk-import/jobs/import-job.entity';

class ImportProgressView {
  @ApiProperty({ example: 1000 }) total: number;
  @ApiProperty({ example: 400 }) processed: number;
  @ApiProperty({ example: 390 }) successful: number;
  @ApiProperty({ example: 10 }) failed: number;
}

class ImportErrorView implements BulkImportError {
  @ApiProperty({
    example: 'cust-0042',
    description: "The row's platformCustomerId, or row_<n> (the header is row 1)",
  })
  correlationId: string;
  @ApiProperty({ example: 'INVALID_INPUT' }) code: string;
  @ApiProperty({
    example:
      'The row was not imported (birthDate: must be a real past date in YYYY-MM-DD format): correct it and upload it again; rows imported already are not created twice',
  })
  message: string;
  @ApiProperty({
    example: {
      row: 43,
      errors: [{ field: 'birthDate', message: 'must be a real past date in YYYY-MM-DD format' }],
    },
    description: 'row: where the row is in the file; errors: the bad columns, when the row has bad values',
  })
  details: Record<string, unknown>;
}

class ImportWarningView implements BulkImportError {
  @ApiProperty({ example: 'cust-0042' }) correlationId: string;
  @ApiProperty({ example: 'MISSING_MANDATORY_USER_INFO' }) code: string;
  @ApiProperty({
    example:
      "Imported without NATIONALITY, which payments in some of the platform's currencies require: supply it with PATCH /customers/{customerId} before such payments",
  })
  message: string;
  @ApiProperty({
    example: {
      row: 43,
      customerId: 'Customer:019542f5-b3e7-1d02-0000-000000000001',
      missingFields: ['NATIONALITY'],
    },
    description:
      'row: where the row is in the file; customerId: the customer created; missingFields: what to supply (PATCH /customers/{customerId})',
  })
  details: Record<string, unknown>;
}

export class ImportJobView implements BulkImportJobSnapshot {
  @ApiProperty({ example: 'Job:019542f5-b3e7-1d02-0000-000000000006' }) jobId: string;
  @ApiProperty({ enum: BULK_IMPORT_JOB_STATUSES }) status: BulkImportJobStatus;
  @ApiProperty({ type: ImportProgressView }) progress: ImportProgressView;
  @ApiProperty({
    type: [ImportErrorView],
    description: 'The failed rows in file order, the first 1000 of them (progress.failed counts them all)',
  })
  errors: ImportErrorView[];
  @ApiProperty({
    type: [ImportWarningView],
    description:
      "Rows imported (counted in progress.successful) whose customer lacks information the platform's currencies require, in file order, the first 1000 of them; quotes and transfers in those currencies answer 400 MISSING_MANDATORY_USER_INFO until it is supplied. This service's addition to the public API",
  })
  warnings: ImportWarningView[];
  @ApiPropertyOptional({ format: 'date-time', description: 'Present once COMPLETED or FAILED' })
  completedAt?: string;
}

/**
 * A job in the list: the job's view without its failed rows and warnings, which can be a thousand
 * each per job; GET /customers/bulk/jobs/{jobId} lists them, and progress.failed counts the failed here.
 */
export class ImportJobSummaryView extends OmitType(ImportJobView, ['errors', 'warnings'] as const) {
  @ApiProperty({ format: 'date-time', description: 'When the upload was stored' }) createdAt: string;
}

export class ImportJobPage {
  @ApiProperty({ type: [ImportJobSummaryView] }) data: ImportJobSummaryView[];
  @ApiProperty() hasMore: boolean;
  @ApiPropertyOptional() nextCursor?: string;
  @ApiProperty() totalCount: number;
}

export function presentImportJobSummary(job: ImportJob): ImportJobSummaryView {
  return {
    jobId: toApiId('Job', job.id),
    status: job.status,
    progress: {
      total: job.totalRows,
      processed: job.processed,
      successful: job.successful,
      failed: job.failed,
    },
    createdAt: job.createdAt.toISOString(),
    ...(job.completedAt ? { completedAt: job.completedAt.toISOString() } : {}),
  };
}

export class UploadAcceptedView {
  @ApiProperty({ example: 'Job:019542f5-b3e7-1d02-0000-000000000006' }) jobId: string;
  @ApiProperty({
    enum: BULK_IMPORT_JOB_STATUSES,
    description: 'PENDING, or FAILED for a file that is not readable CSV',
  })
  status: BulkImportJobStatus;
  @ApiProperty({
    example: ['internalNotes'],
    description: 'Columns of the file this service does not know; their values were dropped',
  })
  ignoredColumns: string[];
}
