import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { CommonEnvironment, WakeableSleep } from '@payments/runtime';
import { Client } from 'pg';
import { SCHEMA_NAME } from '../database/schema-name';
import { RowCache, RowCacheOptions } from './row-cache';
import { rowChangesChannel } from './row-change-trigger';

const RECONNECT_DELAY_MS = 1_000;

/**
 * Hears the row changes of the app's schema (announced by the triggers of announceRowChanges) on a
 * connection of its own, and evicts them from the app's RowCaches. While that connection is down,
 * a notification could be missed, so every cache is emptied and bypassed until it is back.
 */
@Injectable()
export class RowChanges implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(RowChanges.name);
  private readonly caches = new Map<string, RowCache<object>>();
  private readonly pause = new WakeableSleep();
  private listener?: Client;
  private running = false;
  private loop?: Promise<void>;

  constructor(
    @Inject(SCHEMA_NAME) private readonly schema: string,
    private readonly config: ConfigService<CommonEnvironment, true>,
  ) {}

  /** The cache of `table`, whose triggers must announce the same key as its readers use. */
  cacheOf<Row extends object>(table: string, options: RowCacheOptions): RowCache<Row> {
    const cache = new RowCache<Row>(table, options);
    this.caches.set(table, cache as unknown as RowCache<object>);
    return cache;
  }

  onApplicationBootstrap(): void {
    if (this.caches.size === 0) return;
    this.running = true;
    this.loop = this.listen();
  }

  async onApplicationShutdown(): Promise<void> {
    this.running = false;
    this.pause.wake();
    await this.listener?.end().catch(() => undefined);
    await this.loop;
  }

  private async listen(): Promise<void> {
    while (this.running) {
      const client = new Client({ connectionString: this.config.get('DATABASE_URL', { infer: true }) });
      const lost = new Promise<unknown>((resolve) => {
        client.on('error', resolve);
        client.on('end', () => resolve(undefined));
      });
      try {
        await client.connect();
        client.on('notification', ({ payload }) => this.evict(payload ?? ''));
        await client.query(`LISTEN ${rowChangesChannel(this.schema)}`);
        this.listener = client;
        this.setLive(true);
        const error = await lost;
        if (this.running)
          this.logger.warn({ err: error }, 'row-change listener lost; caches bypassed until it is back');
      } catch (error) {
        this.logger.warn({ err: error }, 'row-change listener cannot connect; caches bypassed');
      }
      this.setLive(false);
      this.listener = undefined;
      await client.end().catch(() => undefined);
      if (this.running) await this.pause.sleep(RECONNECT_DELAY_MS);
    }
  }

  private evict(payload: string): void {
    const separator = payload.indexOf(':');
    this.caches.get(payload.slice(0, separator))?.evict(payload.slice(separator + 1));
  }

  private setLive(live: boolean): void {
    for (const cache of this.caches.values()) cache.setLive(live);
  }
}
