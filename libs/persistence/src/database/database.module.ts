import { DynamicModule, Injectable, Module, OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource, TypeOrmModule } from '@nestjs/typeorm';
import { CommonEnvironment, ReadinessRegistry } from '@payments/runtime';
import { DataSource } from 'typeorm';
import { InboxMessage } from '../inbox/inbox-message.entity';
import { Outbox } from '../outbox/outbox';
import { OutboxMessage } from '../outbox/outbox-message.entity';
import { RowChanges } from '../row-cache/row-changes';
import { dataSourceOptions, SchemaOptions } from './data-source-options';
import { SCHEMA_NAME } from './schema-name';

@Injectable()
class DatabaseReadiness implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly readiness: ReadinessRegistry,
  ) {}

  onModuleInit(): void {
    this.readiness.register('database', () => this.dataSource.query('SELECT 1'));
  }
}

/** The app's own schema through TypeORM, with the outbox and inbox tables every app has, and its row caches. */
@Module({})
export class DatabaseModule {
  static forRoot(options: SchemaOptions): DynamicModule {
    const entities = [
      ...(options.entities as unknown[]),
      OutboxMessage,
      InboxMessage,
    ] as SchemaOptions['entities'];
    return {
      module: DatabaseModule,
      global: true,
      imports: [
        TypeOrmModule.forRootAsync({
          inject: [ConfigService],
          useFactory: (config: ConfigService<CommonEnvironment, true>) =>
            dataSourceOptions(config.get('DATABASE_URL', { infer: true }), {
              ...options,
              entities,
              poolSize: options.poolSize ?? config.get('DB_POOL_SIZE', { infer: true }),
              preparedStatements: true,
            }),
        }),
      ],
      providers: [DatabaseReadiness, Outbox, RowChanges, { provide: SCHEMA_NAME, useValue: options.schema }],
      exports: [Outbox, RowChanges, SCHEMA_NAME],
    };
  }
}
