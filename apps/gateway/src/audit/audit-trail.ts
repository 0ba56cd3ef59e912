import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ApiException } from '@payments/http';
import { GroupCommit } from '@payments/persistence';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DataSource } from 'typeorm';
import { AuditOpening, auditOpeningOf, createdResourceId, isAudited } from '@gateway/audit/audit-opening';

/** As the idempotency records: concurrent writes share one INSERT and one UPDATE beyond one in flight. */
const BATCHING = { maxBatch: 500, maxInFlight: 1 };

interface Outcome {
  id: string;
  status: number;
  resourceId: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The audit entry written for this request before it ran. */
    auditEntryId?: string;
  }
}

/**
 * The write-ahead audit log of every write made with a platform's credentials (docs/api.md#audit-log).
 * The entry is committed before the request is forwarded or handled, so no change can exist without
 * its entry; its outcome is filled when the answer is known, and stays null when the gateway died
 * before it was (the change may or may not have happened).
 */
@Injectable()
export class AuditTrail {
  private readonly logger = new Logger(AuditTrail.name);
  private readonly openings = new GroupCommit<AuditOpening, void>(
    (openings) => this.insertAll(openings),
    BATCHING,
  );
  private readonly outcomes = new GroupCommit<Outcome, void>((outcomes) => this.fillAll(outcomes), BATCHING);

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Records the request before it runs, once its caller is known and admitted, so refusals by the
   * permission check are recorded too. Unrecorded, the write does not run: 503, to be retried.
   */
  async open(request: FastifyRequest): Promise<void> {
    if (!request.principal || !isAudited(request.method)) return;
    const opening = auditOpeningOf(request, request.principal);
    try {
      await this.openings.add(opening);
    } catch (error) {
      this.logger.error({ err: error }, 'audit entry not written; the write is refused');
      throw ApiException.retryLater(
        'SERVICE_UNAVAILABLE',
        'The write could not be audited and was not made: retry it with the same Idempotency-Key',
      );
    }
    request.auditEntryId = opening.id;
  }

  /** Fills the outcome of every audited request as its answer goes out. */
  register(fastify: FastifyInstance): void {
    fastify.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      if (request.auditEntryId) {
        const status = reply.statusCode;
        await this.outcomes
          .add({ id: request.auditEntryId, status, resourceId: createdResourceId(status, payload) })
          .catch((error) => this.logger.warn({ err: error }, 'audit outcome not filled; it reads unknown'));
      }
      return payload;
    });
  }

  private async insertAll(openings: AuditOpening[]): Promise<void[]> {
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

  private async fillAll(outcomes: Outcome[]): Promise<void[]> {
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
