import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { defaultMetrics, ExportedMetric, metricsInSource } from './exported-metrics';
import { exportedMetricOf, metricNamesIn, selectorsIn, unbalancedBracket } from './promql';

/**
 * Checks deploy/monitoring against the apps: the dashboard and the alerts select only metrics the
 * apps export (by labels they have), the two copies of the alerts agree, and the ServiceMonitors
 * find the Services of deploy/k8s.
 */

const repoRoot = path.resolve(__dirname, '../..');
const readRepoFile = (relativePath: string) => readFileSync(path.join(repoRoot, relativePath), 'utf8');
const yamlDocuments = <T>(relativePath: string): T[] =>
  parseAllDocuments(readRepoFile(relativePath)).map((document) => document.toJSON() as T);

/** Metrics no app exports, each with where it comes from. */
const EXTERNAL_METRICS: Record<string, string> = {
  up: "Prometheus's own, one series per scrape target",
  kube_pod_status_ready: 'kube-state-metrics: the apps export no readiness metric of their own',
};

/** Labels a series has besides its metric's own: libs/runtime's default label and the scrape target's. */
const SERIES_LABELS = ['app', 'namespace', 'job', 'pod', 'instance', 'service', 'endpoint', 'container'];

type Labels = Record<string, string>;

interface Rule {
  alert?: string;
  expr?: string;
  for?: string;
  labels?: Labels;
  annotations?: Labels;
}

interface RuleGroup {
  name?: string;
  rules?: Rule[];
}

interface Panel {
  id: number;
  type: string;
  title: string;
  datasource?: { type: string; uid: string };
  targets?: { refId: string; expr: string }[];
}

interface Dashboard {
  schemaVersion: number;
  templating: { list: { name: string; type: string; query: unknown; definition?: string }[] };
  panels: Panel[];
}

interface KubernetesObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Labels };
}

interface Service extends KubernetesObject {
  spec: { ports: { name?: string; port: number }[] };
}

interface ServiceMonitor extends KubernetesObject {
  spec: {
    selector: { matchLabels: Labels };
    namespaceSelector?: { matchNames?: string[] };
    endpoints: { port: string; path?: string }[];
  };
}

const rulesFile = 'deploy/monitoring/prometheus/payments-alerts.rules.yaml';
const { groups } = parse(readRepoFile(rulesFile)) as { groups: RuleGroup[] };
const rules = groups.flatMap((group) => group.rules ?? []);
const dashboard = JSON.parse(readRepoFile('deploy/monitoring/grafana/payments-dashboard.json')) as Dashboard;
const dashboardTargets = dashboard.panels.flatMap((panel) => panel.targets ?? []);

/** Every PromQL expression shipped, named by where it is. */
const expressions: { source: string; expr: string }[] = [
  ...rules.map((rule) => ({ source: `alert ${rule.alert}`, expr: rule.expr ?? '' })),
  ...dashboard.panels.flatMap((panel) =>
    (panel.targets ?? []).map(({ refId, expr }) => ({ source: `panel ${panel.title} ${refId}`, expr })),
  ),
];

describe('deploy/monitoring', () => {
  let catalogue: Map<string, ExportedMetric & { fromSource: boolean }>;
  let sampled: Set<string>;

  beforeAll(async () => {
    const fromSource = metricsInSource(repoRoot).map((metric) => ({ ...metric, fromSource: true }));
    const defaults = (await defaultMetrics()).map((metric) => ({ ...metric, fromSource: false }));
    catalogue = new Map([...defaults, ...fromSource].map((metric) => [metric.name, metric]));
    sampled = new Set(
      [...catalogue.values()]
        .filter(({ type }) => type === 'histogram' || type === 'summary')
        .map(({ name }) => name),
    );
  });

  const isKnown = (name: string) =>
    catalogue.has(exportedMetricOf(name, sampled)) || name in EXTERNAL_METRICS;

  it('reads the metrics of the source, those named by a constant and the defaults included', () => {
    expect([...catalogue.keys()]).toEqual(
      expect.arrayContaining([
        'http_request_duration_seconds',
        'ledger_invariant_violations',
        'webhook_queue_depth',
        'outbox_oldest_unpublished_age_seconds',
        'process_cpu_seconds_total',
      ]),
    );
    expect(catalogue.get('kafka_consume_systemic_faults_total')?.labelNames).toEqual(['topic']);
  });

  it('selects only metrics the apps export, or external ones it names', () => {
    const unknown = expressions
      .map(({ source, expr }) => ({ source, unknown: metricNamesIn(expr).filter((name) => !isKnown(name)) }))
      .filter(({ unknown: names }) => names.length > 0);
    expect(unknown).toEqual([]);
  });

  it('filters on labels those metrics have', () => {
    const strangers = expressions.flatMap(({ source, expr }) =>
      selectorsIn(expr).flatMap(({ metric, labels }) => {
        const exported = catalogue.get(exportedMetricOf(metric, sampled));
        if (!exported?.fromSource) return [];
        const known = [
          ...exported.labelNames,
          ...SERIES_LABELS,
          ...(metric.endsWith('_bucket') ? ['le'] : []),
        ];
        const unknownLabels = labels.filter((label) => !known.includes(label));
        return unknownLabels.length > 0 ? [{ source, metric, unknownLabels }] : [];
      }),
    );
    expect(strangers).toEqual([]);
  });

  it('writes expressions whose brackets balance', () => {
    const unbalanced = expressions.filter(({ expr }) => expr === '' || unbalancedBracket(expr) !== undefined);
    expect(unbalanced).toEqual([]);
  });

  describe('alert rules', () => {
    it('names each group and gives it rules', () => {
      expect(groups.length).toBeGreaterThan(0);
      for (const group of groups) {
        expect(group).toEqual({ name: expect.any(String), rules: expect.any(Array) });
        expect(group.rules!.length).toBeGreaterThan(0);
      }
    });

    it('gives each alert an expression, a for, a severity, a summary and a description', () => {
      for (const rule of rules) {
        expect({ alert: rule.alert, rule }).toEqual({
          alert: expect.stringMatching(/^[A-Z]\w+$/),
          rule: expect.objectContaining({
            expr: expect.any(String),
            for: expect.stringMatching(/^\d+[smh]$/),
            labels: expect.objectContaining({ severity: expect.stringMatching(/^(critical|warning|info)$/) }),
            annotations: expect.objectContaining({
              summary: expect.any(String),
              description: expect.any(String),
            }),
          }),
        });
      }
      expect(new Set(rules.map((rule) => rule.alert)).size).toBe(rules.length);
    });

    it.each([
      ['webhooks given up', 'webhook_deliveries_total'],
      ['the webhook queue growing', 'webhook_queue_depth'],
      ['items parked', 'background_items_parked_total'],
      ['events dead-lettered', 'kafka_consumed_events_total'],
      ['consumers stalled on systemic faults', 'kafka_consume_systemic_faults_total'],
      ['outbox lag', 'outbox_oldest_unpublished_age_seconds'],
      ['a violated ledger invariant', 'ledger_invariant_violations'],
      ['a full ledger check too old', 'ledger_invariant_last_full_check_age_seconds'],
      ['readiness flapping', 'kube_pod_status_ready'],
    ])('alerts on %s (%s)', (_concern, metric) => {
      expect(rules.filter((rule) => metricNamesIn(rule.expr ?? '').includes(metric))).not.toEqual([]);
    });

    it('ships the same groups as a PrometheusRule', () => {
      const [prometheusRule] = yamlDocuments<KubernetesObject & { spec: { groups: RuleGroup[] } }>(
        'deploy/monitoring/prometheus/payments-alerts.prometheusrule.yaml',
      );
      expect(prometheusRule).toMatchObject({
        apiVersion: 'monitoring.coreos.com/v1',
        kind: 'PrometheusRule',
        metadata: { namespace: 'payments' },
      });
      expect(prometheusRule.spec.groups).toEqual(groups);
    });
  });

  describe('Grafana dashboard', () => {
    const panels = dashboard.panels.filter((panel) => panel.type !== 'row');

    it('reads Prometheus through the DS_PROMETHEUS data source variable, in panels with ids of their own', () => {
      expect(dashboard.schemaVersion).toBeGreaterThanOrEqual(39);
      expect(dashboard.templating.list).toEqual(
        expect.arrayContaining([expect.objectContaining({ name: 'DS_PROMETHEUS', type: 'datasource' })]),
      );
      for (const { title, datasource, targets } of panels) {
        expect({ title, datasource, targets: targets?.length }).toEqual({
          title,
          datasource: { type: 'prometheus', uid: '${DS_PROMETHEUS}' },
          targets: expect.any(Number),
        });
        expect(targets!.length).toBeGreaterThan(0);
      }
      const ids = dashboard.panels.map((panel) => panel.id);
      expect(new Set(ids).size).toBe(ids.length);
    });

    it('lists its namespaces from a metric the apps export', () => {
      const definitions = dashboard.templating.list.flatMap((variable) => variable.definition ?? []);
      const metrics = definitions.flatMap(
        (definition) => /^label_values\((\w+),/.exec(definition)?.[1] ?? [],
      );
      expect(metrics).toHaveLength(definitions.length);
      expect(metrics.filter((name) => !isKnown(name))).toEqual([]);
    });

    it.each([
      'http_request_duration_seconds_bucket',
      'webhook_delivery_latency_seconds_bucket',
      'webhook_queue_depth',
      'webhook_deliveries_total',
      'background_items_parked_total',
      'kafka_consumed_events_total',
      'kafka_consume_systemic_faults_total',
      'outbox_oldest_unpublished_age_seconds',
      'gateway_rate_limited_requests_total',
      'ledger_invariant_violations',
      'ledger_invariant_last_full_check_age_seconds',
    ])('shows %s', (metric) => {
      expect(dashboardTargets.filter(({ expr }) => metricNamesIn(expr).includes(metric))).not.toEqual([]);
    });
  });

  describe('ServiceMonitors', () => {
    const [kustomization] = yamlDocuments<{ resources: string[] }>('deploy/k8s/kustomization.yaml');
    const applied = kustomization.resources.flatMap((file) =>
      yamlDocuments<KubernetesObject>(path.join('deploy/k8s', file)),
    );
    const services = applied.filter((object): object is Service => object.kind === 'Service');
    const monitors = yamlDocuments<ServiceMonitor>('deploy/monitoring/servicemonitors.yaml');

    const watches = (monitor: ServiceMonitor, service: Service): boolean => {
      const namespaces = monitor.spec.namespaceSelector?.matchNames ?? [monitor.metadata.namespace];
      const { matchLabels } = monitor.spec.selector;
      return (
        namespaces.includes(service.metadata.namespace) &&
        Object.keys(matchLabels).length > 0 &&
        Object.entries(matchLabels).every(([key, value]) => service.metadata.labels?.[key] === value)
      );
    };

    it('are all ServiceMonitors', () => {
      for (const monitor of monitors) {
        expect(monitor).toMatchObject({ apiVersion: 'monitoring.coreos.com/v1', kind: 'ServiceMonitor' });
      }
    });

    it.each(services.map((service) => [service.metadata.name, service]))(
      'scrape /metrics on the port of the %s Service, once',
      (_name, service) => {
        const watching = monitors.filter((monitor) => watches(monitor, service));
        expect(watching).toHaveLength(1);
        const [endpoint, ...others] = watching[0].spec.endpoints;
        expect(others).toEqual([]);
        expect(endpoint.path).toBe('/metrics');
        expect(service.spec.ports.map((port) => port.name)).toContain(endpoint.port);
      },
    );

    it('watch no Service that is not there', () => {
      expect(monitors.filter((monitor) => !services.some((service) => watches(monitor, service)))).toEqual(
        [],
      );
    });

    it('stay out of deploy/k8s/kustomization.yaml, for clusters without the Prometheus operator', () => {
      const operatorKinds = applied.filter((object) =>
        object.apiVersion.startsWith('monitoring.coreos.com/'),
      );
      expect(operatorKinds).toEqual([]);
    });
  });
});
