import { ConfigService } from '@nestjs/config';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createHttpApp, HttpAppOptions, listenHttp } from '@payments/runtime';
import { KafkaEventServer } from './kafka-event.server';

/**
 * Starts an app: its HTTP server (API, /health, /ready, /metrics) and, when it declares
 * @EventPattern handlers, its Kafka consumer. `portVariable` names the env variable of its port.
 */
export async function startService(
  module: unknown,
  portVariable: string,
  configure?: (app: NestFastifyApplication) => void | Promise<void>,
  options: HttpAppOptions = {},
): Promise<void> {
  const app = await createHttpApp(module, options);
  await configure?.(app);
  app.connectMicroservice({ strategy: app.get(KafkaEventServer) }, { inheritAppConfig: true });
  // Init hooks (schema checks, topic creation) must run before the consumer subscribes.
  await app.init();
  await app.startAllMicroservices();
  const port = Number(app.get(ConfigService).getOrThrow(portVariable));
  await listenHttp(app, port);
}
