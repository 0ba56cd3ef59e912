import { DynamicModule, Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { CommonEnvironment } from '@payments/runtime';
import { RetentionPolicy } from './purge-expired';
import { RETENTION_POLICIES, RetentionWorker } from './retention.worker';

/** The policies of an app's own tables, from its settings. */
export type RetentionPolicies = (config: ConfigService<CommonEnvironment, true>) => RetentionPolicy[];

/**
 * The purge of every table that grows with traffic but is not business history
 * (docs/operations.md#retention): the inbox every app has, and the tables the app names.
 */
@Module({})
export class RetentionModule {
  static forRoot(appPolicies: RetentionPolicies = () => []): DynamicModule {
    return {
      module: RetentionModule,
      providers: [
        {
          provide: RETENTION_POLICIES,
          inject: [ConfigService],
          useFactory: (config: ConfigService<CommonEnvironment, true>): RetentionPolicy[] => [
            {
              table: 'inbox',
              agedFrom: 'processed_at',
              retentionHours: config.get('INBOX_RETENTION_HOURS', { infer: true }),
            },
            ...appPolicies(config),
          ],
        },
        RetentionWorker,
      ],
    };
  }
}
