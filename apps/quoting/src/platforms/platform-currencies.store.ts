import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { CurrencyLimitsV1, Environment } from '@payments/contracts';
import { PlatformScope } from '@payments/http';
import { DataSource, EntityManager } from 'typeorm';

/** A platform's supported currencies as its configuration event of `occurredAt` stated them. */
export interface CurrenciesProjection {
  /** Bare uuid. */
  platformId: string;
  environment: Environment;
  currencies: CurrencyLimitsV1[];
  occurredAt: string;
}

/** The platform_currencies table: each platform's currencies, projected from its configuration events. */
@Injectable()
export class PlatformCurrenciesStore {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** None for a platform whose configuration event has not arrived. */
  async currenciesOf(scope: PlatformScope): Promise<CurrencyLimitsV1[]> {
    const [row] = await this.dataSource.query(
      `SELECT currencies FROM platform_currencies WHERE platform_id = $1 AND environment = $2`,
      [scope.platformId, scope.environment],
    );
    return row?.currencies ?? [];
  }

  /** Keeps the newest statement: an older event (a replay from the start) changes nothing. */
  async project(manager: EntityManager, projection: CurrenciesProjection): Promise<void> {
    await manager.query(
      `INSERT INTO platform_currencies (platform_id, environment, currencies, occurred_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (platform_id, environment) DO UPDATE
         SET currencies = EXCLUDED.currencies, occurred_at = EXCLUDED.occurred_at
         WHERE platform_currencies.occurred_at <= EXCLUDED.occurred_at`,
      [
        projection.platformId,
        projection.environment,
        JSON.stringify(projection.currencies),
        projection.occurredAt,
      ],
    );
  }
}
