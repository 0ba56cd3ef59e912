import { Injectable, Logger } from '@nestjs/common';
import { ApiException } from '@payments/http';
import { GroupCommit } from '@payments/persistence';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AuditEntriesStore, AuditOutcome } from '@gateway/audit/audit-entries.store';
import { AuditOpening, auditOpeningOf, createdResourceId, isAudited } from '@gateway/audit/audit-opening';

/** As the idempotency records: concurrent writes share one INSERT and one UPDATE beyond one in flight. */
const BATCHING = { maxBatch: 500, maxInFlight: 1 };

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
  private readonly openings: GroupCommit<AuditOpening, void>;
  private readonly outcomes: GroupCommit<AuditOutcome, void>;

  constructor(store: AuditEntriesStore) {
    this.openings = new GroupCommit((openings) => store.insertAll(openings), BATCHING);
    this.outcomes = new GroupCommit((outcomes) => store.fillAll(outcomes), BATCHING);
  }

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
}
