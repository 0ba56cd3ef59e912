import { BeforeApplicationShutdown, Injectable } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import type { Server } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { ReadinessRegistry } from '../health/readiness';

/** The longest a shutdown waits for callers to let go of their connections before closing them. */
export const DRAIN_MAX_MS = 2_000;
const DRAIN_POLL_MS = 50;

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

/**
 * Holds the HTTP server open for a moment between the start of a shutdown and its close. Callers keep
 * pooled connections to a replica after it has left its Service (a rolling update, a drain), and once
 * Fastify is closing it answers a request on them with a bare 503, which a caller cannot tell from a
 * failure ("outcome unknown"). Served normally meanwhile, each answer asking the caller to close
 * (closeConnectionsWhenStopping), the busy connections end on their own; the close then only
 * reaps connections nobody used in the window. Everything a request needs (the database, Redis, the
 * other apps' clients) closes later, in onApplicationShutdown.
 */
@Injectable()
export class ConnectionDrain implements BeforeApplicationShutdown {
  private server?: Server;

  attach(server: Server): void {
    this.server = server;
  }

  async beforeApplicationShutdown(): Promise<void> {
    const server = this.server;
    if (!server?.listening) return;
    const deadline = Date.now() + DRAIN_MAX_MS;
    while (Date.now() < deadline && (await openConnections(server)) > 0) await sleep(DRAIN_POLL_MS);
  }
}

function openConnections(server: Server): Promise<number> {
  return new Promise((resolve) => server.getConnections((error, count) => resolve(error ? 0 : count)));
}
