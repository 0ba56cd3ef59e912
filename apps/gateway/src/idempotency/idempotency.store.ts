import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { ApiException } from '@payments/http';
import { columnsOf, GroupCommit } from '@payments/persistence';
import { Counter } from 'prom-client';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource } from 'typeorm';
import { Principal } from '@gateway/auth/principal';
import { GatewayEnvironment } from '@gateway/gateway.environment';
import { KeyedRequest } from '@gateway/idempotency/keyed-request';
import { UpstreamResponse } from '@gateway/routing/upstream-client';

const WAIT_POLL_MS = 50;
/** Beyond the upstream timeout, after which a claim without an answer belongs to a dead gateway. */
const CLAIM_MARGIN_MS = 2_000;
/**
 * Every request with a key claims it and then stores its answer: two statements that concurrent
 * requests share beyond one in flight, so that under load one statement serves many requests.
 */
const RECORD_BATCHING = { maxBatch: 500, maxInFlight: 1 };

const reusedKeys = new Counter({
  name: 'gateway_idempotency_key_reused_total',
  help: 'Idempotency-Keys sent again with another request; the first answer was replayed',
});

/** Platform, environment and key. */
type Scope = [string, string, string];

interface Claim {
  scope: Scope;
  requestHash: string;
}

interface Answer {
  scope: Scope;
  response: UpstreamResponse;
}

interface KeyRecord {
  status_code: number | null;
  response_body: string | null;
  request_hash: string | null;
  /** Claimed by a gateway that did not answer within its upstream timeout: it died. */
  abandoned: boolean;
}

/**
 * The gateway's replay of answers to a repeated Idempotency-Key (scope: platform + environment +
 * key). The key is claimed before the request runs, so that a concurrent duplicate waits for the
 * first's answer and replays it. This is a cache in front of the owning app, which records the key
 * with the effect itself (the effect's id is named by it): so an answer that says nothing of the
 * outcome (5xx, timeout, a request still running there) is not kept and the retry asks the app
 * again, and a claim whose gateway died is taken over once its upstream call must have ended.
 */
@Injectable()
export class IdempotencyStore {
  private readonly logger = new Logger(IdempotencyStore.name);
  private readonly ttlHours: number;
  private readonly waitLimitMs: number;
  private readonly claimLeaseSeconds: number;
  private readonly claims = new GroupCommit<Claim, boolean>(
    (claims) => this.claimAll(claims),
    RECORD_BATCHING,
  );
  private readonly answers = new GroupCommit<Answer, void>(
    (answers) => this.rememberAll(answers),
    RECORD_BATCHING,
  );

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    config: ConfigService<GatewayEnvironment, true>,
  ) {
    this.ttlHours = config.get('IDEMPOTENCY_TTL_HOURS', { infer: true });
    this.waitLimitMs = config.get('UPSTREAM_TIMEOUT_MS', { infer: true });
    this.claimLeaseSeconds = (this.waitLimitMs + CLAIM_MARGIN_MS) / 1000;
  }

  /**
   * Runs the request under its key, or replays the key's answer. While another request holds the
   * key it waits for that one's answer, up to the upstream timeout; then 409 with Retry-After.
   */
  async run(
    principal: Principal,
    request: KeyedRequest,
    execute: () => Promise<UpstreamResponse>,
  ): Promise<UpstreamResponse & { replayed: boolean }> {
    const scope: Scope = [principal.platformId, principal.environment, request.key];
    const deadline = Date.now() + this.waitLimitMs;
    for (;;) {
      if (await this.claims.add({ scope, requestHash: request.requestHash })) {
        return { ...(await this.runClaimed(scope, execute)), replayed: false };
      }
      const record = await this.read(scope);
      if (record?.status_code) {
        if (record.request_hash && record.request_hash !== request.requestHash) reusedKeys.inc();
        return {
          status: record.status_code,
          contentType: 'application/json; charset=utf-8',
          body: record.response_body!,
          replayed: true,
        };
      }
      // Released (its answer said nothing of the outcome) or abandoned: claim it again at once.
      if (record && !record.abandoned) {
        if (Date.now() > deadline) {
          throw ApiException.retryLater(
            'CONFLICT',
            'A request with this Idempotency-Key is still in progress; retry it after Retry-After seconds',
          );
        }
        await sleep(WAIT_POLL_MS);
      }
    }
  }

  private async runClaimed(
    scope: Scope,
    execute: () => Promise<UpstreamResponse>,
  ): Promise<UpstreamResponse> {
    let response: UpstreamResponse;
    try {
      response = await execute();
    } catch (error) {
      await this.release(scope);
      throw error;
    }
    const outcomeUnknown = response.status >= 500 || response.headers?.['retry-after'] !== undefined;
    if (outcomeUnknown) await this.release(scope);
    else {
      // Unstored, the claim is taken over later and the retry asks the app, which knows the effect.
      await this.answers
        .add({ scope, response })
        .catch((error) =>
          this.logger.warn({ err: error }, 'idempotency answer not stored; a retry asks the app again'),
        );
    }
    return response;
  }

  /**
   * Inserts each key, or takes over an expired or abandoned one; false for a key a live record
   * already holds, and for a key that came twice but the first time.
   */
  private async claimAll(claims: Claim[]): Promise<boolean[]> {
    const idOf = (scope: Scope) => scope.join('\n');
    const distinct = [...new Map(claims.map((claim) => [idOf(claim.scope), claim])).values()];
    const claimed: Scope[] = (
      await this.dataSource.query(
        `INSERT INTO idempotency_records (platform_id, environment, idempotency_key, request_hash)
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[])
         ON CONFLICT (platform_id, environment, idempotency_key) DO UPDATE
           SET status_code = NULL, response_body = NULL, created_at = now(), request_hash = EXCLUDED.request_hash
           WHERE idempotency_records.created_at < now() - make_interval(hours => $5)
             OR (idempotency_records.status_code IS NULL
                 AND idempotency_records.created_at < now() - make_interval(secs => $6))
         RETURNING platform_id, environment, idempotency_key`,
        [
          ...columnsOf(
            distinct.map(({ scope }) => scope),
            [0, 1, 2],
          ),
          distinct.map(({ requestHash }) => requestHash),
          this.ttlHours,
          this.claimLeaseSeconds,
        ],
      )
    ).map((row: Record<string, string>) => [row.platform_id, row.environment, row.idempotency_key]);
    const claimable = new Set(claimed.map(idOf));
    // Only the first of a key's requests may take the claim.
    return claims.map(({ scope }) => claimable.delete(idOf(scope)));
  }

  private async read(scope: Scope): Promise<KeyRecord | undefined> {
    const [record] = await this.dataSource.query(
      `SELECT status_code, response_body, request_hash,
              status_code IS NULL AND created_at < now() - make_interval(secs => $4) AS abandoned
       FROM idempotency_records WHERE platform_id = $1 AND environment = $2 AND idempotency_key = $3`,
      [...scope, this.claimLeaseSeconds],
    );
    return record;
  }

  private async rememberAll(answers: Answer[]): Promise<void[]> {
    await this.dataSource.query(
      `UPDATE idempotency_records r SET status_code = a.status_code, response_body = a.response_body
       FROM unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::text[])
         AS a (platform_id, environment, idempotency_key, status_code, response_body)
       WHERE r.platform_id = a.platform_id AND r.environment = a.environment
         AND r.idempotency_key = a.idempotency_key`,
      [
        ...columnsOf(
          answers.map(({ scope }) => scope),
          [0, 1, 2],
        ),
        answers.map(({ response }) => response.status),
        answers.map(({ response }) => response.body),
      ],
    );
    return answers.map(() => undefined);
  }

  /** Gives the key up; if that fails too, the claim is taken over once it is abandoned. */
  private async release(scope: Scope): Promise<void> {
    await this.dataSource
      .query(
        `DELETE FROM idempotency_records WHERE platform_id = $1 AND environment = $2 AND idempotency_key = $3`,
        scope,
      )
      .catch((error) => this.logger.warn({ err: error }, 'idempotency claim not released; it lapses'));
  }
}
