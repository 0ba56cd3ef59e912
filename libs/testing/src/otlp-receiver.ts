import { once } from 'node:events';
import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The fields of an OTLP/JSON span the tracing specs read, with the app and scope that made it. */
export interface ExportedSpan {
  traceId: string;
  spanId: string;
  /** Absent or empty for a span without a parent. */
  parentSpanId?: string;
  /** OTLP's SpanKind: 2 server, 3 client, 4 producer, 5 consumer. */
  kind: number;
  name: string;
  /** The instrumentation scope, e.g. `@fastify/otel`. */
  scope: string;
  service: string;
}

/**
 * An OTLP/HTTP receiver in the test's process, standing in for a Collector: the apps' exporter
 * (exporter-trace-otlp-http) posts JSON to /v1/traces, and every span it posts is kept.
 */
export class OtlpReceiver {
  readonly spans: ExportedSpan[] = [];
  private readonly server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.url === '/v1/traces') this.spans.push(...decode(Buffer.concat(chunks).toString('utf8')));
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });

  /** Listens on a free port; answers the endpoint to give as OTEL_EXPORTER_OTLP_ENDPOINT. */
  async start(): Promise<string> {
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The spans received so far of one trace. */
  trace(traceId: string): ExportedSpan[] {
    return this.spans.filter((span) => span.traceId === traceId);
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
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
