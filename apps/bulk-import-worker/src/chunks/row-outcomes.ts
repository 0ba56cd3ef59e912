import { ApiException, FieldError } from '@payments/http';
import { BatchEntryError } from '@bulk-import/chunks/customer-batches.client';
import { BatchEntry, columnErrors, rowError } from '@bulk-import/csv/csv-row';
import { RowNotice } from '@bulk-import/jobs/row-notices.store';

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
    message: `Imported; supply ${missingFields.join(', ')} before payments in the currencies that require them`,
    details: { customerId, missingFields },
  });
}

/** The customers app's error with its fields named by CSV columns. */
export function inFileTerms(error: BatchEntryError): BatchEntryError {
  const fields = error.details?.errors as FieldError[] | undefined;
  if (!fields) return error;
  const { message, details } = ApiException.invalidInput(columnErrors(fields));
  return { code: error.code, message, details };
}

export function givenUp(error: unknown): BatchEntryError {
  const code = error instanceof ApiException ? error.code : 'INTERNAL_ERROR';
  return {
    code,
    message: `The row could not be imported after repeated attempts (${(error as Error).message}); upload it again`,
  };
}
