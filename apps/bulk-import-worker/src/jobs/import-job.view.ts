import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  BULK_IMPORT_JOB_STATUSES,
  BulkImportError,
  BulkImportJobSnapshot,
  BulkImportJobStatus,
} from '@payments/contracts';

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
  @ApiProperty({ example: 'birthDate: must be a real past date in YYYY-MM-DD format' }) message: string;
  @ApiProperty({
    example: {
      row: 43,
      errors: [{ field: 'birthDate', message: 'must be a real past date in YYYY-MM-DD format' }],
    },
    description: 'row: where the row is in the file; errors: the bad columns, when the row has bad values',
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
  @ApiPropertyOptional({ format: 'date-time', description: 'Present once COMPLETED or FAILED' })
  completedAt?: string;
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
