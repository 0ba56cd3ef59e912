import { INTERNAL_APPS } from '@payments/http';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { appliedResources, resourceNamed } from './applied-resources';

/**
 * Checks the tracing wiring of the manifests (docs/operations.md, "Tracing"): every app exports
 * to the OpenTelemetry Collector by its Service name under its own service name, the
 * NetworkPolicies let it, the example Collector config is whole, and Compose leaves tracing off.
 */

const repoRoot = path.resolve(__dirname, '../..');
const OTLP_HTTP_PORT = 4318;

interface EnvVar {
  name: string;
  value?: string;
}
interface Deployment {
  kind: string;
  metadata: { name: string };
  spec: { template: { spec: { containers: { name: string; env?: EnvVar[] }[] } } };
}
interface Policy {
  kind: string;
  spec: {
    podSelector: { matchLabels?: Record<string, string> };
    egress?: {
      to?: { namespaceSelector?: { matchLabels?: Record<string, string> } }[];
      ports?: { port: number | string }[];
    }[];
  };
}
interface CollectorConfig {
  receivers: Record<string, { protocols?: { http?: { endpoint?: string } } }>;
  processors: Record<string, unknown>;
  exporters: Record<string, unknown>;
  service: { pipelines: Record<string, { receivers: string[]; processors: string[]; exporters: string[] }> };
}

function documentsOf<T>(file: string): T[] {
  return parseAllDocuments(readFileSync(path.join(repoRoot, file), 'utf8'), { merge: true }).map(
    (document) => document.toJS() as T,
  );
}

describe('tracing in deploy/k8s', () => {
  const config = resourceNamed(appliedResources(), 'ConfigMap', 'payments-config');
  const endpoint = new URL(config.data.OTEL_EXPORTER_OTLP_ENDPOINT);

  it('exports to the OpenTelemetry Collector by its Service name, over OTLP/HTTP', () => {
    expect(endpoint.protocol).toBe('http:');
    expect(endpoint.hostname).toMatch(/^otel-collector\.[a-z0-9-]+$/);
    expect(Number(endpoint.port)).toBe(OTLP_HTTP_PORT);
    expect(config.data.OTEL_SDK_DISABLED).toBeUndefined();
  });

  it.each(INTERNAL_APPS)('names %s as its own service', (app) => {
    const deployment = documentsOf<Deployment>(`deploy/k8s/${app}.yaml`).find(
      (document) => document.kind === 'Deployment',
    );
    const container = deployment?.spec.template.spec.containers.find((candidate) => candidate.name === app);
    const serviceName = container?.env?.find((variable) => variable.name === 'OTEL_SERVICE_NAME');
    expect(serviceName?.value).toBe(app);
  });

  it("lets every app reach the Collector's namespace on the OTLP/HTTP port", () => {
    const collectorNamespace = endpoint.hostname.split('.')[1];
    const allowed = documentsOf<Policy>('deploy/k8s/network-policies.yaml').filter(
      (policy) =>
        policy.spec.podSelector.matchLabels?.['app.kubernetes.io/part-of'] === 'cross-border-payments' &&
        policy.spec.egress?.some(
          (rule) =>
            rule.ports?.some(({ port }) => port === OTLP_HTTP_PORT) &&
            rule.to?.some(
              (peer) =>
                peer.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'] === collectorNamespace,
            ),
        ),
    );
    expect(allowed).toHaveLength(1);
  });
});

describe('deploy/otel/collector.yaml', () => {
  const [collector] = documentsOf<CollectorConfig>('deploy/otel/collector.yaml');
  const traces = collector.service.pipelines.traces;

  it('receives OTLP/HTTP on the port the apps send to', () => {
    expect(traces.receivers).toEqual(['otlp']);
    expect(collector.receivers.otlp.protocols?.http?.endpoint).toMatch(new RegExp(`:${OTLP_HTTP_PORT}$`));
  });

  it('batches, and exports to a tracing backend over OTLP and to the debug log', () => {
    expect(traces.processors).toContain('batch');
    expect(traces.exporters.sort()).toEqual(['debug', 'otlp']);
  });

  it('defines every component its pipelines use', () => {
    for (const pipeline of Object.values(collector.service.pipelines)) {
      for (const name of pipeline.receivers) expect(collector.receivers).toHaveProperty([name]);
      for (const name of pipeline.processors) expect(collector.processors).toHaveProperty([name]);
      for (const name of pipeline.exporters) expect(collector.exporters).toHaveProperty([name]);
    }
  });
});

describe('tracing in docker-compose.yml', () => {
  it('is off by default: no app is given an OTLP endpoint', () => {
    const [{ services }] = documentsOf<{
      services: Record<string, { environment?: Record<string, string> }>;
    }>('docker-compose.yml');
    for (const [name, service] of Object.entries(services)) {
      const keys = Object.keys(service.environment ?? {});
      expect({ name, keys: keys.filter((key) => key.startsWith('OTEL_EXPORTER_OTLP')) }).toEqual({
        name,
        keys: [],
      });
    }
  });
});
