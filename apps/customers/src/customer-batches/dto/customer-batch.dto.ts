import { ArrayMaxSize, IsArray } from 'class-validator';
import { UserInfoField } from '@customers/platforms/user-info-fields';
import { IsText } from '@customers/validation/field-validators';

/** The most customers one batch may carry: about a second of work, well inside one transaction. */
export const MAX_BATCH_ENTRIES = 5000;

/**
 * POST /internal/customer-batches: customers to create together, each optionally with the external
 * account it is paid through. Entries are judged one by one (see batch-entry-validation.ts), so one
 * bad entry fails only itself.
 */
export class CustomerBatchDto {
  /** Identifies the batch for retries: a batch sent again answers with its first outcome. */
  @IsText(200)
  batchKey: string;

  @IsArray()
  @ArrayMaxSize(MAX_BATCH_ENTRIES)
  entries: unknown[];
}

export interface BatchEntryError {
  code: string;
  message: string;
  details?: Record<string, unknown>;
}

/**
 * The outcome of one entry, in the order of the request. A customer created without information the
 * platform's currencies require lists it in missingFields.
 */
export type BatchEntryResult =
  { customerId: string; missingFields?: UserInfoField[] } | { error: BatchEntryError };

export interface CustomerBatchResponse {
  results: BatchEntryResult[];
}
