import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { PollingLoop, PollingWorker } from '@payments/runtime';
import { DataSource } from 'typeorm';
import { GatewayEnvironment } from '@gateway/gateway.environment';

const CLEANUP_INTERVAL_MS = 10 * 60_000;

/** Deletes the idempotency records older than IDEMPOTENCY_TTL_HOURS, on every gateway replica. */
@Injectable()
export class IdempotencyRecordsCleaner extends PollingWorker {
  private readonly logger = new Logger(IdempotencyRecordsCleaner.name);
  private readonly ttlHours: number;
  protected readonly loop = new PollingLoop(
    this.logger,
    'deleting expired idempotency records',
    () => this.deleteExpired(),
    {
      name: 'idempotency-records-cleaner',
      idleMs: CLEANUP_INTERVAL_MS,
      errorMs: CLEANUP_INTERVAL_MS,
    },
  );

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    config: ConfigService<GatewayEnvironment, true>,
  ) {
    super();
    this.ttlHours = config.get('IDEMPOTENCY_TTL_HOURS', { infer: true });
  }

  private async deleteExpired(): Promise<boolean> {
    await this.dataSource.query(
      `DELETE FROM idempotency_records WHERE created_at < now() - make_interval(hours => $1)`,
      [this.ttlHours],
    );
    return false;
  }
}
