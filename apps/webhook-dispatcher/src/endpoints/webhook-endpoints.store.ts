import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { EventScope } from '@payments/contracts';
import { DataSource } from 'typeorm';
import { Queryable } from '@webhooks/deliveries/delivery.store';

/** The current webhook endpoint of each platform and environment, projected from PLATFORM_EVENTS. */
@Injectable()
export class WebhookEndpointsStore {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Records the endpoint (null: none); true when it is now a URL the platform did not have before. */
  async update(db: Queryable, scope: EventScope, url: string | null): Promise<boolean> {
    const changed: unknown[] = await db.query(
      `INSERT INTO webhook_endpoints (platform_id, environment, url) VALUES ($1, $2, $3)
       ON CONFLICT (platform_id, environment) DO UPDATE SET url = EXCLUDED.url, updated_at = now()
         WHERE webhook_endpoints.url IS DISTINCT FROM EXCLUDED.url
       RETURNING url`,
      [scope.platformId, scope.environment, url],
    );
    return changed.length > 0 && url !== null;
  }

  async urlOf(scope: EventScope): Promise<string | undefined> {
    const [row] = await this.dataSource.query(`SELECT url FROM webhook_endpoints WHERE platform_id = $1 AND environment = $2`, [
      scope.platformId,
      scope.environment,
    ]);
    return row?.url ?? undefined;
  }
}
