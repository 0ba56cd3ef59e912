import { DynamicModule, Global, Logger as NestLogger, Module } from '@nestjs/common';
import { ConfigModule, ConfigService } from '@nestjs/config';
import { TerminusModule } from '@nestjs/terminus';
import { CallerAssertions } from '@payments/http';
import { TelemetryShutdown } from '@payments/telemetry';
import { Logger, Params, PARAMS_PROVIDER_TOKEN, PinoLogger } from 'nestjs-pino';
import { randomBytes } from 'node:crypto';
import { CommonEnvironment, validateEnvironment } from './config/environment';
import { ConnectionDrain } from './bootstrap/drain-connections';
import { HealthController, ReadinessRegistry } from './health/readiness';
import { loggerOptions } from './observability/logging';
import { collectProcessMetrics, MetricsController } from './observability/metrics';

export interface RuntimeOptions {
  /** The app's name in logs, metrics and Kafka client ids. */
  app: string;
  environment: new () => CommonEnvironment;
}

export const APP_NAME = Symbol('APP_NAME');

/**
 * Config, logs, metrics, health, request context and the flush of traces at shutdown: what every
 * app needs before its own modules.
 */
@Global()
@Module({})
export class RuntimeModule {
  static forRoot(options: RuntimeOptions): DynamicModule {
    collectProcessMetrics(options.app);
    return {
      module: RuntimeModule,
      imports: [
        ConfigModule.forRoot({
          isGlobal: true,
          ignoreEnvFile: true,
          cache: true,
          validate: (raw) => validateEnvironment(options.environment, raw),
        }),
        TerminusModule.forRoot({ logger: false }),
      ],
      controllers: [HealthController, MetricsController],
      providers: [
        ReadinessRegistry,
        ConnectionDrain,
        TelemetryShutdown,
        { provide: APP_NAME, useValue: options.app },
        {
          provide: CallerAssertions,
          inject: [ConfigService],
          useFactory: (config: ConfigService<CommonEnvironment, true>) =>
            new CallerAssertions(
              options.app,
              internalAuthSecret(config.get('INTERNAL_AUTH_SECRET', { infer: true })),
            ),
        },
        // nestjs-pino as the Nest logger only; request ids and access logs come from Fastify hooks
        // (see createHttpApp), which cost far less than its HTTP middleware.
        {
          provide: PARAMS_PROVIDER_TOKEN,
          inject: [ConfigService],
          useFactory: (config: ConfigService<CommonEnvironment, true>): Params => ({
            pinoHttp: loggerOptions(options.app, config.get('LOG_LEVEL', { infer: true })),
          }),
        },
        PinoLogger,
        Logger,
      ],
      exports: [ReadinessRegistry, APP_NAME, CallerAssertions, Logger, PinoLogger],
    };
  }
}

/**
 * The secret caller assertions are made with. Unset (allowed outside production only): a key no
 * other app shares, so this app believes no caller and its own calls are refused; said at boot.
 */
function internalAuthSecret(configured: string): string {
  if (configured) return configured;
  new NestLogger('InternalAuth').warn(
    'INTERNAL_AUTH_SECRET is not set: this app signs and checks calls with a key of its own, so calls between apps fail; give every app the same secret',
  );
  return randomBytes(32).toString('base64url');
}
