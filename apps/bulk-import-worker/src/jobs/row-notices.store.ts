import { BulkImportError, storableText } from '@payments/contracts';
import { EntityManager } from 'typeorm';

/** A row's entry in a job's errors or warnings, with where it is in the file. */
export type RowNotice = BulkImportError & { rowNumber: number };

/** import_errors: the rows that failed; import_warnings: those imported with something to supply later. */
export type RowNoticeTable = 'import_errors' | 'import_warnings';

/** Texts from the file are made storable: a NUL or lone surrogate in one would fail the chunk's outcome. */
export async function insertRowNotices(
  manager: EntityManager,
  table: RowNoticeTable,
  jobId: string,
  notices: RowNotice[],
): Promise<void> {
  if (notices.length === 0) return;
  await manager.query(
    `INSERT INTO ${table} (job_id, row_number, correlation_id, code, message, details)
     SELECT $1, e.row_number, e.correlation_id, e.code, e.message, e.details::json
     FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::text[])
       AS e (row_number, correlation_id, code, message, details)
     ON CONFLICT DO NOTHING`,
    [
      jobId,
      notices.map((notice) => notice.rowNumber),
      notices.map((notice) => storableText(notice.correlationId)),
      notices.map((notice) => storableText(notice.code)),
      notices.map((notice) => storableText(notice.message)),
      notices.map((notice) =>
        JSON.stringify(notice.details, (_, value) =>
          typeof value === 'string' ? storableText(value) : value,
        ),
      ),
    ],
  );
}

/** The job's first `limit` notices of the table, in file order. */
export function listRowNotices(
  manager: EntityManager,
  table: RowNoticeTable,
  jobId: string,
  limit: number,
): Promise<BulkImportError[]> {
  return manager.query(
    `SELECT correlation_id AS "correlationId", code, message, details FROM ${table}
     WHERE job_id = $1 ORDER BY row_number LIMIT $2`,
    [jobId, limit],
  );
}
