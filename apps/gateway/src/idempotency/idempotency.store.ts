import { Injectable, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { ApiException } from '@payments/http';
import { columnsOf, GroupCommit } from '@payments/persistence';
import { DataSource } from 'typeorm';
import { Principal } from '@gateway/auth/principal';
import { GatewayEnvironment } from '@gateway/gateway.environment';
import { UpstreamResponse } from '@gateway/routing/upstream-client';

const MAX_KEY_LENGTH = 255;
const WAIT_POLL_MS = 25;
const CLEANUP_INTERVAL_MS = 10 * 60_000;
/**
 * Every request with a key claims it and then stores its answer: two statements that concurrent
 * requests share beyond one in flight, so that under load one statement serves many requests.
 */
const RECORD_BATCHING = { maxBatch: 500, maxInFlight: 1 };

/** Platform, environment and key. */
type Scope = [string, string, string];

interface Answer {
  scope: Scope;
  response: UpstreamResponse;
}

/**
 * Replays the first response for a repeated Idempotency-Key (scope: platform + environment + key).
 * The key row is claimed before the request runs, so a concurrent duplicate waits for the first to
 * finish instead of causing a second effect. Server failures are not remembered: the client may retry.
 */
@Injectable()
export class IdempotencyStore implements OnModuleInit, OnApplicationShutdown {
  private readonly ttlHours: number;
  private readonly waitLimitMs: number;
  private readonly claims = new GroupCommit<Scope, boolean>(
    (scopes) => this.claimAll(scopes),
    RECORD_BATCHING,
  );
  private readonly answers = new GroupCommit<Answer, void>(
    (answers) => this.rememberAll(answers),
    RECORD_BATCHING,
  );
  private cleanup?: NodeJS.Timeout;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    config: ConfigService<GatewayEnvironment, true>,
  ) {
    this.ttlHours = config.get('IDEMPOTENCY_TTL_HOURS', { infer: true });
    this.waitLimitMs = config.get('UPSTREAM_TIMEOUT_MS', { infer: true });
  }

  onModuleInit(): void {
    this.cleanup = setInterval(
      () => void this.deleteExpired().catch(() => undefined),
      CLEANUP_INTERVAL_MS,
    ).unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.cleanup);
  }

  async run(
    principal: Principal,
    key: string,
    execute: () => Promise<UpstreamResponse>,
  ): Promise<UpstreamResponse & { replayed: boolean }> {
    if (key.length === 0 || key.length > MAX_KEY_LENGTH) {
      throw ApiException.invalidInput([
        { field: 'Idempotency-Key', message: `must be 1 to ${MAX_KEY_LENGTH} characters` },
      ]);
    }
    const scope: Scope = [principal.platformId, principal.environment, key];
    if (await this.claims.add(scope)) {
      let response: UpstreamResponse;
      try {
        response = await execute();
      } catch (error) {
        await this.release(scope);
        throw error;
      }
      if (response.status >= 500) await this.release(scope);
      else await this.answers.add({ scope, response });
      return { ...response, replayed: false };
    }
    return { ...(await this.awaitFirst(scope)), replayed: true };
  }

  /**
   * Inserts each key, or takes over an expired one; false for a key a live record already holds,
   * and for a key that came twice but the first time.
   */
  private async claimAll(scopes: Scope[]): Promise<boolean[]> {
    const idOf = (scope: Scope) => scope.join('\n');
    const distinct = [...new Map(scopes.map((scope) => [idOf(scope), scope])).values()];
    const claimed: Scope[] = (
      await this.dataSource.query(
        `INSERT INTO idempotency_records (platform_id, environment, idempotency_key)
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[])
         ON CONFLICT (platform_id, environment, idempotency_key) DO UPDATE
           SET status_code = NULL, response_body = NULL, created_at = now()
           WHERE idempotency_records.created_at < now() - make_interval(hours => $4)
         RETURNING platform_id, environment, idempotency_key`,
        [...columnsOf(distinct, [0, 1, 2]), this.ttlHours],
      )
    ).map((row: Record<string, string>) => [row.platform_id, row.environment, row.idempotency_key]);
    const claimable = new Set(claimed.map(idOf));
    // Only the first of a key's requests may take the claim.
    return scopes.map((scope) => claimable.delete(idOf(scope)));
  }

  private async awaitFirst(scope: Scope): Promise<UpstreamResponse> {
    const deadline = Date.now() + this.waitLimitMs;
    for (;;) {
      const [record] = await this.dataSource.query(
        `SELECT status_code, response_body FROM idempotency_records
         WHERE platform_id = $1 AND environment = $2 AND idempotency_key = $3`,
        scope,
      );
      if (record?.status_code) {
        return {
          status: record.status_code,
          contentType: 'application/json; charset=utf-8',
          body: record.response_body,
        };
      }
      // The first request failed and released the key: this one may not silently go unanswered.
      if (!record)
        throw new ApiException('CONFLICT', 'The first request with this Idempotency-Key failed; retry it');
      if (Date.now() > deadline)
        throw new ApiException('CONFLICT', 'A request with this Idempotency-Key is still in progress');
      await new Promise((resolve) => setTimeout(resolve, WAIT_POLL_MS));
    }
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

  private async release(scope: Scope): Promise<void> {
    await this.dataSource.query(
      `DELETE FROM idempotency_records WHERE platform_id = $1 AND environment = $2 AND idempotency_key = $3`,
      scope,
    );
  }

  private async deleteExpired(): Promise<void> {
    await this.dataSource.query(
      `DELETE FROM idempotency_records WHERE created_at < now() - make_interval(hours => $1)`,
      [this.ttlHours],
    );
  }
}
