import { Type } from 'class-transformer';
import { IsArray, IsIn, IsInt, IsObject, IsOptional, IsString, Min, ValidateNested } from 'class-validator';
import { EventEnvelope } from '../envelope';
import { TopicContract } from '../topic';

export const BULK_IMPORT_JOB_STATUSES = ['PENDING', 'PROCESSING', 'COMPLETED', 'FAILED'] as const;
export type BulkImportJobStatus = (typeof BULK_IMPORT_JOB_STATUSES)[number];

export class BulkImportProgress {
  @IsInt() @Min(0) total: number;
  @IsInt() @Min(0) processed: number;
  @IsInt() @Min(0) successful: number;
  @IsInt() @Min(0) failed: number;
}

export interface BulkImportError {
  /** The row's platformCustomerId, or `row_<n>` when it has none. */
  correlationId: string;
  code: string;
  message: string;
  details: Record<string, unknown>;
}

/** The job exactly as `GET /customers/bulk/jobs/{jobId}` shows it (ImportJobView in docs/openapi.json). */
export class BulkImportJobSnapshot {
  @IsString() jobId: string;
  @IsIn(BULK_IMPORT_JOB_STATUSES) status: BulkImportJobStatus;
  @IsObject() @ValidateNested() @Type(() => BulkImportProgress) progress: BulkImportProgress;
  @IsArray() errors: BulkImportError[];
  /** Rows imported with a customer that lacks what the platform's currencies require; absent before it existed. */
  @IsOptional() @IsArray() warnings?: BulkImportError[];
  @IsOptional() @IsString() completedAt?: string;
}

/** The job reached COMPLETED or FAILED. */
export class BulkImportJobFinishedV1 {
  @IsObject()
  @ValidateNested()
  @Type(() => BulkImportJobSnapshot)
  bulkCustomerImportJob: BulkImportJobSnapshot;
}

export type BulkImportJobEvent = EventEnvelope<'bulk-import.job-finished', BulkImportJobFinishedV1>;

/** Producer: bulk-import-worker. Key: jobId. */
export const BULK_IMPORT_JOB_EVENTS = new TopicContract<BulkImportJobEvent>('bulk-import.job-events.v1', 3, {
  'bulk-import.job-finished@1': BulkImportJobFinishedV1,
});
