import type { FastifyInstance } from 'fastify';
import { ReadinessRegistry } from '../health/readiness';

/**
 * From the start of a shutdown, every answer asks its client to close the connection. Node's HTTP
 * server, once closed, still waits for each keep-alive connection to end, and callers such as the
 * gateway keep theirs open for a minute: without this a draining app was ended by
 * SHUTDOWN_TIMEOUT_MS instead of closing, and its callers' next requests went on reaching it.
 */
export function closeConnectionsWhenStopping(fastify: FastifyInstance, readiness: ReadinessRegistry): void {
  // Callback style: on the hot path an async hook costs a promise per request.
  fastify.addHook('onSend', (_request, reply, payload, done) => {
    if (readiness.isStopping) void reply.header('connection', 'close');
    done(null, payload);
  });
}
