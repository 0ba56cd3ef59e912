import { Injectable, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { ApiException } from '@payments/http';
import { DataSource } from 'typeorm';
import { Principal } from '@gateway/auth/principal';
import { GatewayEnvironment } from '@gateway/gateway.environment';
import { UpstreamResponse } from '@gateway/routing/upstream-client';

const MAX_KEY_LENGTH = 255;
const WAIT_POLL_MS = 25;
const CLEANUP_INTERVAL_MS = 10 * 60_000;

/**
 * Replays the first response for a repeated Idempotency-Key (scope: platform + environment + key).
 * The key row is claimed before the request runs, so a concurrent duplicate waits for the first to
 * finish instead of causing a second effect. Server failures are not remembered: the client may retry.
 */
@Injectable()
export class IdempotencyStore implements OnModuleInit, OnApplicationShutdown {
  private readonly ttlHours: number;
  private readonly waitLimitMs: number;
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
    const scope = [principal.platformId, principal.environment, key];
    if (await this.claim(scope)) {
      let response: UpstreamResponse;
      try {
        response = await execute();
      } catch (error) {
        await this.release(scope);
        throw error;
      }
      if (response.status >= 500) await this.release(scope);
      else await this.remember(scope, response);
      return { ...response, replayed: false };
    }
    return { ...(await this.awaitFirst(scope)), replayed: true };
  }

  /** Inserts the key, or takes over an expired one; false when a live record already holds it. */
  private async claim(scope: string[]): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `INSERT INTO idempotency_records (platform_id, environment, idempotency_key) VALUES ($1, $2, $3)
       ON CONFLICT (platform_id, environment, idempotency_key) DO UPDATE
         SET status_code = NULL, response_body = NULL, created_at = now()
         WHERE idempotency_records.created_at < now() - make_interval(hours => $4)
       RETURNING 1`,
      [...scope, this.ttlHours],
    );
    return rows.length === 1;
  }

  private async awaitFirst(scope: string[]): Promise<UpstreamResponse> {
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

  private async remember(scope: string[], response: UpstreamResponse): Promise<void> {
    await this.dataSource.query(
      `UPDATE idempotency_records SET status_code = $4, response_body = $5
       WHERE platform_id = $1 AND environment = $2 AND idempotency_key = $3`,
      [...scope, response.status, response.body],
    );
  }

  private async release(scope: string[]): Promise<void> {
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
