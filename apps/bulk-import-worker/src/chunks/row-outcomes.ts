import { ApiException, FieldError } from '@payments/http';
import { BatchEntryError } from '@bulk-import/chunks/customer-batches.client';
import { BatchEntry, columnErrors, rowError } from '@bulk-import/csv/csv-row';
import { RowNotice } from '@bulk-import/jobs/row-notices.store';

/** Why uploading a failed row again is safe (docs/api.md, Bulk import). */
const NOT_TWICE = 'rows imported already are not created twice';

/** A row read well enough to send to the customers app. */
export interface PendingRow {
  rowNumber: number;
  correlationId: string;
  entry: BatchEntry;
}

export function failedRow(
  correlationId: string,
  rowNumber: number,
  failure: { code: string; message: string; details?: Record<string, unknown> },
): RowNotice {
  return { rowNumber, ...rowError(correlationId, rowNumber, failure) };
}

/**
 * A row whose customer was created without what the platform's currencies require: the job names the
 * fields, and quotes and transfers in those currencies ask for them until they are supplied.
 */
export function incompleteRow(row: PendingRow, customerId: string, missingFields: string[]): RowNotice {
  return failedRow(row.correlationId, row.rowNumber, {
    code: 'MISSING_MANDATORY_USER_INFO',
    message: `Imported without ${missingFields.join(', ')}, which payments in some of the platform's currencies require: supply ${missingFields.length > 1 ? 'them' : 'it'} with PATCH /customers/${customerId} before such payments`,
    details: { customerId, missingFields },
  });
}

/** What a job tells of a row whose cells are not valid: each cell's fault, and to correct and upload the row again. */
export function invalidRow(fields: FieldError[], code = 'INVALID_INPUT'): BatchEntryError {
  const faults = fields.map(({ field, message }) => `${field}: ${message}`).join('; ');
  return {
    code,
    message: `The row was not imported (${faults}): correct it and upload it again; ${NOT_TWICE}`,
    details: { errors: fields },
  };
}

/** The customers app's error with its fields named by CSV columns. */
export function inFileTerms(error: BatchEntryError): BatchEntryError {
  const fields = error.details?.errors as FieldError[] | undefined;
  return fields ? invalidRow(columnErrors(fields), error.code) : error;
}

export function givenUp(error: unknown): BatchEntryError {
  const code = error instanceof ApiException ? error.code : 'INTERNAL_ERROR';
  return {
    code,
    message: `The row could not be imported after repeated attempts (${(error as Error).message}): upload it again later; ${NOT_TWICE}`,
  };
}
