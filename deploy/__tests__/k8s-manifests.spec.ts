import { appliedResources } from './applied-resources';
import { apps, commandText, parseYamlDocuments } from './deploy-manifests-kit';

// The parts of the Kubernetes format that these checks read.
type Labels = Record<string, string>;

interface KubernetesObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Labels; annotations?: Labels };
}

interface Container {
  name: string;
  command?: string[];
  args?: string[];
  ports?: { name?: string; containerPort: number }[];
  envFrom?: { configMapRef?: { name: string } }[];
  env?: {
    name: string;
    value?: string;
    valueFrom?: { secretKeyRef?: { name: string; key: string; optional?: boolean } };
  }[];
  livenessProbe?: { httpGet: { path: string; port: string | number } };
  readinessProbe?: { httpGet: { path: string; port: string | number } };
  lifecycle?: { preStop?: { exec?: { command: string[] } } };
  resources?: { requests?: Labels; limits?: Labels };
}

interface Deployment extends KubernetesObject {
  spec: {
    replicas?: number;
    selector: { matchLabels: Labels };
    template: {
      metadata: { labels: Labels; annotations?: Labels };
      spec: {
        containers: Container[];
        initContainers?: Container[];
        terminationGracePeriodSeconds?: number;
        securityContext?: { runAsNonRoot?: boolean };
      };
    };
  };
}

interface Service extends KubernetesObject {
  spec: { selector: Labels; ports: { name?: string; port: number; targetPort: string | number }[] };
}

interface Ingress extends KubernetesObject {
  spec: {
    rules: {
      http: { paths: { backend: { service: { name: string; port: { name?: string; number?: number } } } }[] };
    }[];
  };
}

interface ConfigMap extends KubernetesObject {
  data: Record<string, string>;
}

interface Secret extends KubernetesObject {
  stringData: Record<string, string>;
}

describe('deploy/k8s', () => {
  const resources = appliedResources() as unknown as KubernetesObject[];
  const [secretTemplate] = parseYamlDocuments<Secret>('deploy/k8s/secret.example.yaml');

  function findResource<T extends KubernetesObject>(kind: string, name: string): T {
    const found = resources.filter(
      (candidate) => candidate.kind === kind && candidate.metadata.name === name,
    );
    if (found.length !== 1) throw new Error(`expected one ${kind} named ${name}, found ${found.length}`);
    return found[0] as T;
  }

  function selects(selector: Labels, labels: Labels): boolean {
    return (
      Object.keys(selector).length > 0 &&
      Object.entries(selector).every(([key, value]) => labels[key] === value)
    );
  }

  /** The number behind a container port given by name or number. */
  function portNumber(container: Container, port: string | number): number | undefined {
    return typeof port === 'number'
      ? port
      : container.ports?.find((candidate) => candidate.name === port)?.containerPort;
  }

  it('puts every resource in the one namespace', () => {
    const namespaces = resources.filter((candidate) => candidate.kind === 'Namespace');
    expect(namespaces).toHaveLength(1);
    for (const { apiVersion, kind, metadata } of [...resources, secretTemplate]) {
      expect({ apiVersion, kind, name: metadata.name }).toEqual({
        apiVersion: expect.any(String),
        kind: expect.any(String),
        name: expect.any(String),
      });
      if (kind !== 'Namespace') {
        expect({ kind, namespace: metadata.namespace }).toEqual({ kind, namespace: 'payments' });
      }
    }
    expect(namespaces[0].metadata.name).toBe('payments');
  });

  it('keeps the Secret template out of the applied set (its database URLs: database-secrets.spec.ts)', () => {
    expect(resources.filter((candidate) => candidate.kind === 'Secret')).toEqual([]);
    expect(secretTemplate.kind).toBe('Secret');
    expect(secretTemplate.stringData.UMA_KEY_ENCRYPTION_KEY).toBeDefined();
    expect(secretTemplate.stringData.WEBHOOK_KEY_ENCRYPTION_KEY).toBeDefined();
  });

  describe.each(apps)('$name', (app) => {
    const deployment = (): Deployment => findResource<Deployment>('Deployment', app.name);
    const pod = () => deployment().spec.template;
    const container = (): Container => {
      const found = pod().spec.containers.find((candidate) => candidate.name === app.name);
      if (!found) throw new Error(`Deployment ${app.name} has no container named ${app.name}`);
      return found;
    };

    it('selects its own pods', () => {
      expect(selects(deployment().spec.selector.matchLabels, pod().metadata.labels)).toBe(true);
    });

    it('serves on its port, live on /health and ready on /ready', () => {
      const { livenessProbe, readinessProbe, env } = container();
      expect(livenessProbe?.httpGet.path).toBe('/health');
      expect(portNumber(container(), livenessProbe!.httpGet.port)).toBe(app.port);
      expect(readinessProbe?.httpGet.path).toBe('/ready');
      expect(portNumber(container(), readinessProbe!.httpGet.port)).toBe(app.port);
      expect(env?.find((variable) => variable.name === app.portVariable)?.value).toBe(String(app.port));
    });

    it('runs its migrations in an init container, under the image’s tini', () => {
      const inits = pod().spec.initContainers ?? [];
      expect(inits.map((init) => commandText(init.args))).toContain(
        `node dist/apps/${app.name}/src/migrate.js`,
      );
      // A command would replace the entrypoint: tini would not forward SIGTERM to the migration.
      expect(inits.map((init) => init.command)).toEqual(inits.map(() => undefined));
    });

    it('sets resources, a grace period, a non-root user and Prometheus scrape annotations', () => {
      for (const { name, resources: limits } of [container(), ...(pod().spec.initContainers ?? [])]) {
        expect({ name, requests: limits?.requests, limits: limits?.limits }).toEqual({
          name,
          requests: expect.objectContaining({ cpu: expect.any(String), memory: expect.any(String) }),
          limits: expect.objectContaining({ memory: expect.any(String) }),
        });
      }
      expect(pod().spec.terminationGracePeriodSeconds).toBeGreaterThan(0);
      expect(pod().spec.securityContext?.runAsNonRoot).toBe(true);
      expect(pod().metadata.annotations).toEqual(
        expect.objectContaining({ 'prometheus.io/scrape': 'true', 'prometheus.io/port': String(app.port) }),
      );
    });

    it('drains within its grace period, after a preStop pause that takes it out of its endpoints', () => {
      const [sleep, seconds] = container().lifecycle?.preStop?.exec?.command ?? [];
      expect(sleep).toBe('sleep');
      expect(Number(seconds)).toBeGreaterThanOrEqual(3);
      const configMaps = (container().envFrom ?? []).flatMap((source) => source.configMapRef?.name ?? []);
      const shutdownTimeouts = configMaps.flatMap(
        (name) => findResource<ConfigMap>('ConfigMap', name).data.SHUTDOWN_TIMEOUT_MS ?? [],
      );
      // The app's default when no ConfigMap sets it (libs/runtime CommonEnvironment).
      const shutdownTimeoutMs = Number(shutdownTimeouts.at(-1) ?? 10_000);
      expect(pod().spec.terminationGracePeriodSeconds! * 1000).toBeGreaterThan(
        Number(seconds) * 1000 + shutdownTimeoutMs,
      );
    });

    it('reads the common ConfigMap', () => {
      const configMaps = (container().envFrom ?? []).flatMap((source) => source.configMapRef?.name ?? []);
      expect(configMaps).not.toEqual([]);
      for (const name of configMaps) expect(findResource('ConfigMap', name)).toBeDefined();
    });

    it('has a Service that selects its pods and targets its port', () => {
      const service = findResource<Service>('Service', app.name);
      expect(selects(service.spec.selector, pod().metadata.labels)).toBe(true);
      expect(service.spec.ports).toHaveLength(1);
      expect(service.spec.ports[0].port).toBe(app.port);
      expect(portNumber(container(), service.spec.ports[0].targetPort)).toBe(app.port);
    });
  });

  it.each([
    ['customers', 'UMA_KEY_ENCRYPTION_KEY'],
    ['webhook-dispatcher', 'WEBHOOK_KEY_ENCRYPTION_KEY'],
  ])(
    'gives %s its key encryption key %s from the Secret, not optional (production refuses to start without it)',
    (name, key) => {
      const [container] = findResource<Deployment>('Deployment', name).spec.template.spec.containers;
      const variable = container.env?.find((candidate) => candidate.name === key);
      expect(variable?.valueFrom?.secretKeyRef).toEqual({ name: secretTemplate.metadata.name, key });
    },
  );

  it('exposes only the gateway through the Ingress', () => {
    const ingresses = resources.filter((candidate): candidate is Ingress => candidate.kind === 'Ingress');
    expect(ingresses).toHaveLength(1);
    const [gatewayPort] = findResource<Service>('Service', 'gateway').spec.ports;
    const backends = ingresses[0].spec.rules.flatMap((rule) =>
      rule.http.paths.map(({ backend }) => backend.service),
    );
    expect(backends).not.toEqual([]);
    for (const backend of backends) {
      expect(backend.name).toBe('gateway');
      expect([gatewayPort.name, gatewayPort.port]).toContain(backend.port.name ?? backend.port.number);
    }
  });
});
