import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { Logger as NestLogger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  ApiExceptionFilter,
  cacheValidationMetadata,
  CallerAssertions,
  createValidationPipe,
} from '@payments/http';
import { Logger, PinoLogger } from 'nestjs-pino';
import { CommonEnvironment } from '../config/environment';
import { logRequest, requestIdOf } from '../observability/logging';
import { httpRequestDuration } from '../observability/metrics';
import { ReadinessRegistry } from '../health/readiness';
import { closeConnectionsWhenStopping, ConnectionDrain } from './drain-connections';
import { installEdgeGuard } from './edge-guard';
import { installInternalAuth } from './internal-auth';
import { discardRefusedBodies } from './refused-body';

/** JSON bodies above this are refused with 413 before any app code runs. */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

export interface HttpAppOptions {
  /**
   * The gateway, which authenticates its clients itself; every other app answers only requests
   * carrying a caller assertion (installInternalAuth).
   */
  publicEdge?: boolean;
}

/**
 * Creates a Nest app on Fastify with the house conventions: error envelope for every failure
 * (including Fastify's own parser errors), strict validation, request ids, caller assertions,
 * latency metrics and graceful shutdown on SIGTERM.
 */
export async function createHttpApp(
  module: unknown,
  options: HttpAppOptions = {},
): Promise<NestFastifyApplication> {
  cacheValidationMetadata();
  const filter = new ApiExceptionFilter();
  const renderError = (error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    // A refusal before the request's own hooks ran (a malformed URL) still names the request.
    void reply.header('x-request-id', request.id);
    filter.send(reply, filter.toApiException(error), String(request.id));
  };
  const adapter = new FastifyAdapter({
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    genReqId: (request: IncomingMessage) => requestIdOf(request),
    trustProxy: true,
    // Nest installs an error handler first; ours replaces it on purpose to render the error envelope.
    allowErrorHandlerOverride: true,
    // Keep-alive connections from the gateway are reused for many requests.
    keepAliveTimeout: 65_000,
    // The router's own refusals (a malformed URL, an over-long parameter) in the error envelope too.
    frameworkErrors: renderError,
  });
  const app = await NestFactory.create<NestFastifyApplication>(module as never, adapter, {
    bufferLogs: true,
  });
  app.useLogger(app.get(Logger));
  // The app's own pino instance: nestjs-pino's static root is only set by its HTTP middleware, unused here.
  const accessLog = (await app.resolve(PinoLogger)).logger;
  app.useGlobalFilters(filter);
  app.useGlobalPipes(createValidationPipe());
  app.enableShutdownHooks();

  const fastify = app.getHttpAdapter().getInstance();
  // The API speaks JSON only; any other body type is refused with 415 instead of reaching validation.
  fastify.removeContentTypeParser('text/plain');
  fastify.setErrorHandler(renderError);
  // Callback-style hooks: on the hot path an async hook costs a promise per request.
  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    done();
  });
  installEdgeGuard(fastify);
  discardRefusedBodies(fastify);
  if (!options.publicEdge) installInternalAuth(fastify, app.get(CallerAssertions));
  closeConnectionsWhenStopping(fastify, app.get(ReadinessRegistry));
  app.get(ConnectionDrain).attach(fastify.server);
  fastify.addHook('onResponse', (request, reply, done) => {
    httpRequestDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    logRequest(accessLog, request, reply);
    done();
  });
  return app;
}

export async function listenHttp(app: NestFastifyApplication, port: number): Promise<void> {
  const config = app.get(ConfigService<CommonEnvironment, true>);
  const shutdownTimeout = config.get('SHUTDOWN_TIMEOUT_MS', { infer: true });
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => setTimeout(() => process.exit(1), shutdownTimeout).unref());
  }
  await app.listen(port, '0.0.0.0');
  new NestLogger('Bootstrap').log(`listening on port ${port}`);
}
