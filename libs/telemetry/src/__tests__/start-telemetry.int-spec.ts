import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

const REPO_ROOT = join(__dirname, '..', '..', '..', '..');

/** The fields of an OTLP/JSON span this spec reads. */
interface ExportedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  kind: number;
  name: string;
  scope: string;
  service: string;
}

const SERVER = 2;
const CLIENT = 3;

/**
 * An OTLP/HTTP receiver in the process: the SDK's exporter posts JSON (exporter-trace-otlp-http).
 */
async function startReceiver(spans: ExportedSpan[]): Promise<Server> {
  const receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.url === '/v1/traces') spans.push(...decode(Buffer.concat(chunks).toString('utf8')));
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  return receiver;
}

function decode(body: string): ExportedSpan[] {
  const { resourceSpans } = JSON.parse(body);
  return resourceSpans.flatMap((resourceSpan: any) => {
    const service = resourceSpan.resource.attributes.find((a: any) => a.key === 'service.name').value
      .stringValue;
    return resourceSpan.scopeSpans.flatMap((scopeSpan: any) =>
      scopeSpan.spans.map((span: any) => ({ ...span, scope: scopeSpan.scope.name, service })),
    );
  });
}

/**
 * A process started as an app's main.ts starts: telemetry first, then Fastify and undici, one call
 * from the client to the server, and the stop that flushes. A child process because the exporter
 * loads `http` by dynamic import, which Jest's module sandbox refuses, and instrumentations patch
 * modules through Node's own require; it runs the built lib (`npm run build`, done by `npm test`).
 */
const TRACED_PROCESS = `
  const { startTelemetry, stopTelemetry } = require('./dist/libs/telemetry/src/start-telemetry.js');
  if (!startTelemetry('transfers')) process.exit(2);
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
  const spans: ExportedSpan[] = [];
  let receiver: Server;

  beforeAll(async () => {
    receiver = await startReceiver(spans);
  });
  afterAll(() => receiver.close());

  it('exports the client and server spans of one call as one trace, flushed at stop', async () => {
    const env = { ...process.env };
    delete env.OTEL_SERVICE_NAME;
    const child = spawn(process.execPath, ['-e', TRACED_PROCESS], {
      cwd: REPO_ROOT,
      env: {
        ...env,
        OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`,
      },
      stdio: 'inherit',
    });
    const [code] = await once(child, 'exit');

    expect(code).toBe(0);
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
