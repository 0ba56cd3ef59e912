import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AuditOpening } from '@gateway/audit/audit-opening';

/** How a request ended, for its audit entry; the resource it created when the entry did not name one. */
export interface AuditOutcome {
  id: string;
  status: number;
  resourceId: string | null;
}

/** The audit_entries table's writes: the entry before the request runs, its outcome after. */
@Injectable()
export class AuditEntriesStore {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Writes the entries of requests about to run, one statement for the batch. */
  async insertAll(openings: AuditOpening[]): Promise<void[]> {
    const column = (name: keyof AuditOpening) => openings.map((opening) => opening[name]);
    await this.dataSource.query(
      `INSERT INTO audit_entries
         (id, platform_id, environment, token_id, token_name, request_id, method, route, resource_id)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[],
                            $7::text[], $8::text[], $9::text[])`,
      (
        [
          'id',
          'platformId',
          'environment',
          'tokenId',
          'tokenName',
          'requestId',
          'method',
          'route',
          'resourceId',
        ] as const
      ).map(column),
    );
    return openings.map(() => undefined);
  }

  /** Fills each entry's outcome once: an entry already filled keeps its first outcome. */
  async fillAll(outcomes: AuditOutcome[]): Promise<void[]> {
    await this.dataSource.query(
      `UPDATE audit_entries e
       SET outcome_status = o.status, completed_at = now(), resource_id = COALESCE(e.resource_id, o.resource_id)
       FROM unnest($1::uuid[], $2::int[], $3::text[]) AS o (id, status, resource_id)
       WHERE e.id = o.id AND e.outcome_status IS NULL`,
      [outcomes.map((o) => o.id), outcomes.map((o) => o.status), outcomes.map((o) => o.resourceId)],
    );
    return outcomes.map(() => undefined);
  }
}
