import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** How much of a refused body is read and dropped at the most before the connection is cut. */
const DISCARDED_BYTES_LIMIT = 16 * 1024 * 1024;
/** How long at the most. */
const DISCARD_TIMEOUT_MS = 10_000;

/**
 * Fastify refuses a body before reading all of it (a 413 from the announced length, a 400 on a bad
 * one) and asks for the connection to close; Node's server then ends the socket as soon as the
 * answer is written, and the bytes the client is still sending meet a reset, so a client that
 * writes its whole body before reading (fetch) got EPIPE or ECONNRESET instead of the answer. Here
 * the answer keeps the connection, and the rest of the body is read and dropped (never buffered) up
 * to a bound in bytes and in time, past which the connection is cut: a client announcing gigabytes,
 * or sending slowly, cannot hold the socket. An onError hook: it runs whichever error handler
 * answers (Nest's, once the app is initialised).
 */
export function discardRefusedBodies(fastify: FastifyInstance): void {
  fastify.addHook('onError', (request, reply, _error, done) => {
    discardRefusedBody(request, reply);
    done();
  });
}

function discardRefusedBody(request: FastifyRequest, reply: FastifyReply): void {
  const { raw } = request;
  if (reply.getHeader('connection') !== 'close' || raw.complete) return;
  reply.removeHeader('connection');
  let discarded = 0;
  const cut = () => raw.socket.destroy();
  const timer = setTimeout(cut, DISCARD_TIMEOUT_MS).unref();
  raw.once('close', () => clearTimeout(timer));
  raw.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > DISCARDED_BYTES_LIMIT) cut();
  });
  raw.resume();
}
