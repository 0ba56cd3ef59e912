import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { OtlpReceiver } from '@payments/testing';

const REPO_ROOT = join(__dirname, '..', '..', '..', '..');

const SERVER = 2;
const CLIENT = 3;

/**
 * A process started as an app's main.ts starts: telemetry first, then Fastify and undici, one call
 * from the client to the server, and the stop that flushes. A child process because the exporter
 * loads `http` by dynamic import, which Jest's module sandbox refuses, and instrumentations patch
 * modules through Node's own require; it runs the built lib (`npm run build`, done by `npm test`).
 */
const TRACED_PROCESS = `
  const { startTelemetry, stopTelemetry } = require('./dist/libs/telemetry/src/start-telemetry.js');
  if (!startTelemetry('transfers')) process.exit(2);
  if (!require('./dist/libs/telemetry/src/queue-telemetry.js').queueTelemetry()) process.exit(3);
  const fastify = require('fastify');
  const { request } = require('undici');
  (async () => {
    const app = fastify();
    app.get('/hello', async () => ({ hello: 'world' }));
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    await (await request(address + '/hello')).body.json();
    await app.close();
    await stopTelemetry();
  })();
`;

describe('startTelemetry with an OTLP endpoint', () => {
  const receiver = new OtlpReceiver();
  let endpoint: string;

  beforeAll(async () => {
    endpoint = await receiver.start();
  });
  afterAll(() => receiver.stop());

  it('exports the client and server spans of one call as one trace, flushed at stop', async () => {
    const env = { ...process.env };
    delete env.OTEL_SERVICE_NAME;
    const child = spawn(process.execPath, ['-e', TRACED_PROCESS], {
      cwd: REPO_ROOT,
      env: {
        ...env,
        OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
      },
      stdio: 'inherit',
    });
    const [code] = await once(child, 'exit');

    expect(code).toBe(0);
    const { spans } = receiver;
    const client = spans.find((span) => span.kind === CLIENT && span.scope.includes('undici'));
    const server = spans.find((span) => span.kind === SERVER && span.name.startsWith('GET'));
    expect(client).toBeDefined();
    expect(server).toMatchObject({
      traceId: client!.traceId,
      parentSpanId: client!.spanId,
      service: 'transfers',
    });
    const route = spans.find(
      (span) => span.scope === '@fastify/otel' && span.parentSpanId === server!.spanId,
    );
    expect(route).toMatchObject({ traceId: client!.traceId });
  });
});
