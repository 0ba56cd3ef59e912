import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { appliedResources } from './applied-resources';

/**
 * Checks the Docker Compose file, the Dockerfile and the Kubernetes manifests against the apps'
 * ports and entry points, without a container engine or a cluster.
 */

const repoRoot = path.resolve(__dirname, '../..');

interface AppSpec {
  name: string;
  port: number;
  portVariable: string;
  /** The gateway's variable holding this app's base URL. */
  gatewayUrlVariable?: string;
}

const apps: AppSpec[] = [
  { name: 'gateway', port: 8080, portVariable: 'GATEWAY_PORT' },
  { name: 'customers', port: 8081, portVariable: 'CUSTOMERS_PORT', gatewayUrlVariable: 'CUSTOMERS_URL' },
  { name: 'quoting', port: 8082, portVariable: 'QUOTING_PORT', gatewayUrlVariable: 'QUOTING_URL' },
  { name: 'transfers', port: 8083, portVariable: 'TRANSFERS_PORT', gatewayUrlVariable: 'TRANSFERS_URL' },
  { name: 'ledger', port: 8084, portVariable: 'LEDGER_PORT', gatewayUrlVariable: 'LEDGER_URL' },
  {
    name: 'bulk-import-worker',
    port: 8085,
    portVariable: 'BULK_IMPORT_WORKER_PORT',
    gatewayUrlVariable: 'BULK_IMPORT_URL',
  },
  {
    name: 'webhook-dispatcher',
    port: 8086,
    portVariable: 'WEBHOOK_DISPATCHER_PORT',
    gatewayUrlVariable: 'WEBHOOK_DISPATCHER_URL',
  },
];

// The parts of the Compose and Kubernetes formats that these checks read.
type Labels = Record<string, string>;

interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile: string; args?: Record<string, string> };
  command?: string | string[];
  environment?: Record<string, string | number | boolean | null> | string[];
  healthcheck?: { test?: string | string[] };
  depends_on?: string[] | Record<string, { condition?: string }>;
  ports?: unknown[];
  deploy?: { replicas?: number };
}

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

function readRepoFile(relativePath: string): string {
  return readFileSync(path.join(repoRoot, relativePath), 'utf8');
}

/** Parses every document of a YAML file, resolving `<<` merge keys; any syntax error fails. */
function parseYamlDocuments<T>(relativePath: string): T[] {
  return parseAllDocuments(readRepoFile(relativePath), { merge: true }).map((document) => {
    if (document.errors.length) throw new Error(`${relativePath}: ${document.errors.map(String).join('; ')}`);
    return document.toJS() as T;
  });
}

function commandText(command: string | string[] | undefined): string {
  return Array.isArray(command) ? command.join(' ') : (command ?? '');
}

/** Compose takes `environment` as a map or as a list of KEY=value. */
function environmentOf(service: ComposeService): Record<string, string> {
  const environment = service.environment ?? {};
  const entries = Array.isArray(environment)
    ? environment.map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)])
    : Object.entries(environment).map(([key, value]) => [key, String(value)]);
  return Object.fromEntries(entries);
}

/** Compose takes `depends_on` as a list of names or as a map of name to condition. */
function dependenciesOf(service: ComposeService): Record<string, { condition?: string }> {
  const dependsOn = service.depends_on ?? {};
  return Array.isArray(dependsOn) ? Object.fromEntries(dependsOn.map((name) => [name, {}])) : dependsOn;
}

describe('docker-compose.yml', () => {
  const [{ services }] = parseYamlDocuments<{ services: Record<string, ComposeService> }>(
    'docker-compose.yml',
  );

  /** The one service whose image is the given repository, e.g. `postgres` for `postgres:15`. */
  function serviceRunning(imageRepository: string): string {
    const names = Object.keys(services).filter((name) =>
      services[name].image?.startsWith(`${imageRepository}:`),
    );
    if (names.length !== 1) {
      throw new Error(`expected one service running ${imageRepository}, found ${names.length}`);
    }
    return names[0];
  }

  it('runs Postgres 15, Redis 7 and Kafka 3.9.1', () => {
    expect(services[serviceRunning('postgres')].image).toBe('postgres:15');
    expect(services[serviceRunning('redis')].image).toBe('redis:7');
    expect(services[serviceRunning('apache/kafka')].image).toBe('apache/kafka:3.9.1');
  });

  it('gives every service a health check', () => {
    const withoutHealthCheck = Object.keys(services).filter((name) => !services[name].healthcheck?.test);
    expect(withoutHealthCheck).toEqual([]);
  });

  it('only depends on services that exist, once they are healthy', () => {
    for (const [name, service] of Object.entries(services)) {
      for (const [target, { condition }] of Object.entries(dependenciesOf(service))) {
        expect({ name, target, exists: target in services, condition }).toEqual({
          name,
          target,
          exists: true,
          condition: 'service_healthy',
        });
      }
    }
  });

  it('runs Kafka as one KRaft node, reachable as kafka:9092, that creates no topic by itself', () => {
    const kafka = serviceRunning('apache/kafka');
    const environment = environmentOf(services[kafka]);
    expect(environment.KAFKA_NODE_ID).toBe('1');
    expect(environment.KAFKA_PROCESS_ROLES.split(',').sort()).toEqual(['broker', 'controller']);
    expect(environment.KAFKA_ADVERTISED_LISTENERS).toContain(`PLAINTEXT://${kafka}:9092`);
    expect(environment.KAFKA_AUTO_CREATE_TOPICS_ENABLE).toBe('false');
    expect(environment).toEqual(
      expect.objectContaining({
        KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR: '1',
        KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR: '1',
        KAFKA_TRANSACTION_STATE_LOG_MIN_ISR: '1',
      }),
    );
  });

  describe.each(apps)('$name', (app) => {
    const service = (): ComposeService => services[app.name];

    it('is built from the shared Dockerfile with its APP build arg', () => {
      const build = service().build;
      expect(build).toBeDefined();
      expect(existsSync(path.resolve(repoRoot, build!.context, build!.dockerfile))).toBe(true);
      expect(build!.args?.APP).toBe(app.name);
    });

    it('migrates its schema, then starts', () => {
      const entryFolder = `dist/apps/(\\$\\$APP|${app.name})/src`;
      expect(commandText(service().command)).toMatch(
        new RegExp(`node ${entryFolder}/migrate\\.js && (exec )?node ${entryFolder}/main\\.js`),
      );
    });

    it('reaches Postgres, Redis and Kafka by their service names', () => {
      const environment = environmentOf(service());
      expect(new URL(environment.DATABASE_URL).hostname).toBe(serviceRunning('postgres'));
      expect(new URL(environment.REDIS_URL).hostname).toBe(serviceRunning('redis'));
      expect(environment.KAFKA_BROKERS).toBe(`${serviceRunning('apache/kafka')}:9092`);
    });

    it('listens on its port and checks readiness there', () => {
      expect(environmentOf(service())[app.portVariable]).toBe(String(app.port));
      expect(commandText(service().healthcheck?.test)).toContain(`http://127.0.0.1:${app.port}/ready`);
    });

    it('starts once the infrastructure is healthy', () => {
      expect(Object.keys(dependenciesOf(service()))).toEqual(
        expect.arrayContaining([
          serviceRunning('postgres'),
          serviceRunning('redis'),
          serviceRunning('apache/kafka'),
        ]),
      );
    });
  });

  it('lets the gateway reach every other app by service name and port', () => {
    const environment = environmentOf(services.gateway);
    for (const app of apps) {
      if (app.gatewayUrlVariable) {
        expect(environment[app.gatewayUrlVariable]).toBe(`http://${app.name}:${app.port}`);
      }
    }
  });

  it('publishes port 8080 for the gateway and no port for any other service', () => {
    // Short syntax [host-ip:]host-port:container-port.
    expect(services.gateway.ports).toEqual([expect.stringMatching(/^(\d{1,3}(\.\d{1,3}){3}:)?8080:8080$/)]);
    const otherPublishers = Object.keys(services).filter(
      (name) => name !== 'gateway' && services[name].ports,
    );
    expect(otherPublishers).toEqual([]);
  });

  it('runs two bulk-import workers', () => {
    expect(services['bulk-import-worker'].deploy?.replicas).toBe(2);
  });
});

describe('deploy/docker/Dockerfile', () => {
  const dockerfile = readRepoFile('deploy/docker/Dockerfile');
  const instructions = dockerfile.split('\n').filter((line) => /^[A-Z]+\s/.test(line));
  const last = (keyword: string): string | undefined =>
    instructions.filter((line) => line.startsWith(`${keyword} `)).at(-1);

  it('builds with npm ci and the repo build', () => {
    expect(dockerfile).toMatch(/^RUN .*npm ci$/m);
    expect(dockerfile).toMatch(/^RUN npm run build$/m);
    expect(dockerfile).toMatch(/^RUN .*npm ci --omit=dev$/m);
  });

  it('builds and runs every stage on one maintained Node LTS, pinned by digest', () => {
    const image = /^ARG NODE_IMAGE=(node:(\d+)\.\d+\.\d+-[a-z]+-slim)@sha256:[0-9a-f]{64}$/m.exec(dockerfile);
    expect(image).not.toBeNull();
    // Node 20 left maintenance in April 2026; 22 and 24 are the LTS lines maintained now.
    expect(['22', '24']).toContain(image?.[2]);
    expect(instructions.filter((line) => line.startsWith('FROM '))).toEqual([
      'FROM ${NODE_IMAGE} AS build',
      'FROM ${NODE_IMAGE} AS production-dependencies',
      'FROM ${NODE_IMAGE} AS runtime',
    ]);
    // The engines the package declares admit the image's Node.
    expect(JSON.parse(readRepoFile('package.json')).engines.node).toContain(`^${image?.[2]}.`);
  });

  it('selects the app with APP and runs as a non-root user', () => {
    expect(instructions).toEqual(expect.arrayContaining(['ARG APP', 'ENV APP=${APP}']));
    expect(last('USER')).toMatch(/^USER (?!root\b|0\b)\S+/);
  });

  it('starts dist/apps/$APP/src/main.js', () => {
    expect(last('CMD')).toContain('dist/apps/$APP/src/main.js');
  });

  it('ships the OpenAPI document the gateway reads at run time', () => {
    expect(instructions).toEqual(
      expect.arrayContaining([expect.stringMatching(/^COPY .*docs\/openapi\.json/)]),
    );
  });

  it('keeps local build output and dependencies out of the build context', () => {
    expect(readRepoFile('.dockerignore').split('\n')).toEqual(
      expect.arrayContaining(['node_modules', 'dist', '.git']),
    );
  });
});

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
