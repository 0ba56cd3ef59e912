import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { apps, commandText, parseYamlDocuments, repoRoot } from './deploy-manifests-kit';

// The parts of the Compose format that these checks read.
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
