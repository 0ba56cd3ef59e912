import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Environment, EventScope, WebhookFormat } from '@payments/contracts';
import { DataSource } from 'typeorm';
import { Queryable } from '@webhooks/deliveries/delivery.store';

/** A platform's endpoint in one environment and the body shape of its webhooks (docs/api.md#webhook-formats). */
export interface WebhookEndpoint {
  url: string | null;
  format: WebhookFormat;
}

/** Of a scope the dispatcher has heard nothing about: no endpoint yet, and the default shape. */
const UNKNOWN: WebhookEndpoint = { url: null, format: 'LEGACY' };

const scopeKey = (scope: EventScope) => `${scope.platformId}:${scope.environment}`;

/** The current webhook endpoint of each platform and environment, projected from PLATFORM_EVENTS. */
@Injectable()
export class WebhookEndpointsStore {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Records the endpoint (url null: none) and format; true when the URL is now one the platform did
   * not have before. The CTE reads the row as it was before this statement changed it.
   */
  async update(db: Queryable, scope: EventScope, { url, format }: WebhookEndpoint): Promise<boolean> {
    const changed: { previous_url: string | null }[] = await db.query(
      `WITH previous AS (SELECT url FROM webhook_endpoints WHERE platform_id = $1 AND environment = $2)
       INSERT INTO webhook_endpoints (platform_id, environment, url, format) VALUES ($1, $2, $3, $4)
       ON CONFLICT (platform_id, environment) DO UPDATE SET url = EXCLUDED.url, format = EXCLUDED.format, updated_at = now()
         WHERE (webhook_endpoints.url, webhook_endpoints.format) IS DISTINCT FROM (EXCLUDED.url, EXCLUDED.format)
       RETURNING (SELECT url FROM previous) AS previous_url`,
      [scope.platformId, scope.environment, url, format],
    );
    return url !== null && changed.length > 0 && changed[0].previous_url !== url;
  }

  async endpointOf(scope: EventScope): Promise<WebhookEndpoint> {
    return (await this.endpointsOf([scope]))(scope);
  }

  async urlOf(scope: EventScope): Promise<string | undefined> {
    return (await this.endpointOf(scope)).url ?? undefined;
  }

  /** The endpoints of a batch's scopes, read by one statement. */
  async endpointsOf(scopes: EventScope[]): Promise<(scope: EventScope) => WebhookEndpoint> {
    const rows: (WebhookEndpoint & { platform_id: string; environment: Environment })[] =
      await this.dataSource.query(
        `SELECT platform_id, environment, url, format FROM webhook_endpoints
        WHERE (platform_id, environment) IN (SELECT * FROM unnest($1::text[], $2::text[]))`,
        [scopes.map((scope) => scope.platformId), scopes.map((scope) => scope.environment)],
      );
    const byKey = new Map(
      rows.map(({ platform_id, environment, url, format }) => [
        scopeKey({ platformId: platform_id, environment }),
        { url, format },
      ]),
    );
    return (scope) => byKey.get(scopeKey(scope)) ?? UNKNOWN;
  }
}
