import { BulkImportEnvironment } from '@bulk-import/bulk-import.environment';
import { CustomersEnvironment } from '@customers/customers.environment';
import { GatewayEnvironment } from '@gateway/gateway.environment';
import { LedgerEnvironment } from '@ledger/ledger.environment';
import { QuotingEnvironment } from '@quoting/quoting.environment';
import { TransfersEnvironment } from '@transfers/transfers.environment';
import { WebhookDispatcherEnvironment } from '@webhooks/webhook-dispatcher.environment';
import { CommonEnvironment, validateEnvironment } from '@payments/runtime';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { parse } from 'yaml';
import { appliedResources, K8S_DIR, Resource, resourceNamed, withConfig } from './applied-resources';

/**
 * The manifests checked for meaning, not shape: each app's container gets, from the ConfigMap and
 * its own env, an environment that the app's own class accepts in production (the image sets
 * NODE_ENV=production), so no app boots on a loopback default or fails on a missing secret. Each
 * broken variant below once passed the shape checks.
 */

const ENVIRONMENTS: Record<string, new () => CommonEnvironment> = {
  gateway: GatewayEnvironment,
  customers: CustomersEnvironment,
  quoting: QuotingEnvironment,
  transfers: TransfersEnvironment,
  ledger: LedgerEnvironment,
  'bulk-import-worker': BulkImportEnvironment,
  'webhook-dispatcher': WebhookDispatcherEnvironment,
};

/** A well-formed stand-in for each Secret key the manifests read (secret.example.yaml holds placeholders). */
function secretValue(key: string): string {
  if (key.endsWith('DATABASE_URL')) return 'postgres://payments:pw@postgres.internal:5432/payments';
  if (key.endsWith('_ENCRYPTION_KEY')) return 'ab'.repeat(32);
  return 's'.repeat(48);
}

/** The environment the app's container starts with: the ConfigMaps it loads, then its own env. */
function containerEnvironment(resources: Resource[], app: string): Record<string, string> {
  const [container] = resourceNamed(resources, 'Deployment', app).spec.template.spec.containers;
  const fromConfigMaps = (container.envFrom ?? []).map(
    (source: any) => resourceNamed(resources, 'ConfigMap', source.configMapRef.name).data,
  );
  const own = (container.env ?? []).map((variable: any) => ({
    [variable.name]: variable.value ?? secretValue(variable.valueFrom.secretKeyRef.key),
  }));
  return Object.assign({ NODE_ENV: 'production' }, ...fromConfigMaps, ...own);
}

function accepts(resources: Resource[], app: string): void {
  validateEnvironment(ENVIRONMENTS[app], containerEnvironment(resources, app));
}

describe('each app’s environment from deploy/k8s, in production', () => {
  it.each(Object.keys(ENVIRONMENTS))('%s starts with what the manifests give it', (app) => {
    expect(() => accepts(appliedResources(), app)).not.toThrow();
  });

  it('fails the gateway, quoting and transfers without LEDGER_URL', () => {
    const resources = withConfig((data) => delete data.LEDGER_URL);
    for (const app of ['gateway', 'quoting', 'transfers'])
      expect(() => accepts(resources, app)).toThrow('LEDGER_URL: required in production');
  });

  it('fails on a misspelled CUSTOMERS_URL', () => {
    const resources = withConfig((data) => {
      data.CUSTOMER_URL = data.CUSTOMERS_URL;
      delete data.CUSTOMERS_URL;
    });
    expect(() => accepts(resources, 'transfers')).toThrow('CUSTOMERS_URL: required in production');
  });

  it('fails on a misspelled Kafka setting', () => {
    const resources = withConfig((data) => {
      data.KAFKA_BROKER = data.KAFKA_BROKERS;
      delete data.KAFKA_BROKERS;
    });
    expect(() => accepts(resources, 'ledger')).toThrow(
      /KAFKA_BROKERS: required in production[\s\S]*KAFKA_BROKER: not a setting of this app/,
    );
  });

  // payments-config.env says where a private CA goes; every app must see it there (docs/operations.md).
  it.each(Object.keys(ENVIRONMENTS))(
    '%s mounts the optional Kafka CA where KAFKA_SSL_CA_FILE would point',
    (app) => {
      const config = readFileSync(path.join(K8S_DIR, 'payments-config.env'), 'utf8');
      const caFile = /set (\/\S+) here/.exec(config)?.[1] ?? 'no path in payments-config.env';
      const pod = resourceNamed(appliedResources(), 'Deployment', app).spec.template.spec;
      const mount = pod.containers[0].volumeMounts.find(
        (volumeMount: any) => volumeMount.name === 'kafka-ca',
      );
      expect(path.dirname(caFile)).toBe(mount?.mountPath);
      expect(mount.readOnly).toBe(true);
      expect(pod.volumes.find((volume: any) => volume.name === 'kafka-ca')).toEqual({
        name: 'kafka-ca',
        configMap: { name: 'payments-kafka-ca', optional: true },
      });
      const resources = withConfig((data) => (data.KAFKA_SSL_CA_FILE = caFile));
      expect(() => accepts(resources, app)).not.toThrow();
    },
  );

  it('fails the customers app without UMA_KEY_ENCRYPTION_KEY', () => {
    const resources = appliedResources().map((resource) => {
      if (resource.kind !== 'Deployment' || resource.metadata.name !== 'customers') return resource;
      const copy = structuredClone(resource);
      const [container] = copy.spec.template.spec.containers;
      container.env = container.env.filter((variable: any) => variable.name !== 'UMA_KEY_ENCRYPTION_KEY');
      return copy;
    });
    expect(() => accepts(resources, 'customers')).toThrow('UMA_KEY_ENCRYPTION_KEY is required in production');
  });
});

describe('each app’s environment from docker-compose.yml, in production', () => {
  const { services } = parse(readFileSync(path.resolve(__dirname, '../../docker-compose.yml'), 'utf8'), {
    merge: true,
  }) as { services: Record<string, { environment: Record<string, string | number> }> };

  it.each(Object.keys(ENVIRONMENTS))('%s starts with what Compose gives it', (app) => {
    const environment = Object.fromEntries(
      Object.entries(services[app].environment).map(([key, value]) => [key, String(value)]),
    );
    // Compose interpolates ${INTERNAL_AUTH_SECRET:-stand-in}: the stand-in is what starts by default.
    const interpolated = Object.fromEntries(
      Object.entries(environment).map(([key, value]) => [key, value.replace(/^\$\{\w+:-(.*)\}$/, '$1')]),
    );
    expect(() =>
      validateEnvironment(ENVIRONMENTS[app], { NODE_ENV: 'production', ...interpolated }),
    ).not.toThrow();
  });
});
