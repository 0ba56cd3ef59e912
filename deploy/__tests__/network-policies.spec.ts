import { callersOf, INTERNAL_APPS } from '@payments/http';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { parseAllDocuments } from 'yaml';

/**
 * Checks the cluster's walls without a cluster (docs/architecture.md, "Calls inside the cluster"):
 * the NetworkPolicies against the call map the apps enforce with caller assertions, the Ingress's
 * public paths, and the secrets every app needs.
 */

const k8s = path.resolve(__dirname, '../k8s');
const APP_LABEL = 'app.kubernetes.io/name';

interface Selector {
  matchLabels?: Record<string, string>;
  matchExpressions?: { key: string; operator: string; values: string[] }[];
}
interface Peer {
  podSelector?: Selector;
  namespaceSelector?: Selector;
  ipBlock?: { cidr: string; except?: string[] };
}
interface Rule {
  from?: Peer[];
  to?: Peer[];
  ports?: { protocol?: string; port: number | string }[];
}
interface Policy {
  kind: string;
  metadata: { name: string; namespace: string };
  spec: { podSelector: Selector; policyTypes: string[]; ingress?: Rule[]; egress?: Rule[] };
}

function documentsOf<T>(file: string): T[] {
  return parseAllDocuments(readFileSync(path.join(k8s, file), 'utf8')).map(
    (document) => document.toJS() as T,
  );
}

/** The app names a selector picks out of INTERNAL_APPS (every app, for an empty selector). */
function appsSelectedBy(selector: Selector | undefined): string[] {
  if (!selector) return [];
  return INTERNAL_APPS.filter((app) => {
    const labels: Record<string, string> = {
      [APP_LABEL]: app,
      'app.kubernetes.io/part-of': 'cross-border-payments',
    };
    const byLabels = Object.entries(selector.matchLabels ?? {}).every(
      ([key, value]) => labels[key] === value,
    );
    const byExpressions = (selector.matchExpressions ?? []).every(
      ({ key, operator, values }) => operator === 'In' && values.includes(labels[key]),
    );
    return byLabels && byExpressions;
  });
}

describe('deploy/k8s/network-policies.yaml', () => {
  const policies = documentsOf<Policy>('network-policies.yaml');
  const { resources } = documentsOf<{ resources: string[] }>('kustomization.yaml')[0];

  /** Which apps may open connections to `app`: pods in the namespace named by an ingress rule. */
  const podCallersOf = (app: string) =>
    policies
      .filter((policy) => policy.spec.ingress && appsSelectedBy(policy.spec.podSelector).includes(app))
      .flatMap((policy) => policy.spec.ingress!.flatMap((rule) => rule.from ?? []))
      .flatMap((peer) => (peer.namespaceSelector ? [] : appsSelectedBy(peer.podSelector)));

  /** Which apps `app` may open connections to. */
  const calleesOf = (app: string) =>
    policies
      .filter((policy) => policy.spec.egress && appsSelectedBy(policy.spec.podSelector).includes(app))
      .flatMap((policy) => policy.spec.egress!.flatMap((rule) => rule.to ?? []))
      .flatMap((peer) => appsSelectedBy(peer.podSelector));

  it('is applied with the rest, in the namespace', () => {
    expect(resources).toContain('network-policies.yaml');
    for (const policy of policies)
      expect(policy).toMatchObject({ kind: 'NetworkPolicy', metadata: { namespace: 'payments' } });
  });

  it('denies all ingress and egress of every pod unless a policy allows it', () => {
    const denyAll = policies.find(
      (policy) =>
        Object.keys(policy.spec.podSelector).length === 0 && !policy.spec.ingress && !policy.spec.egress,
    );
    expect(denyAll?.spec.policyTypes.sort()).toEqual(['Egress', 'Ingress']);
  });

  it.each(INTERNAL_APPS.filter((app) => app !== 'gateway'))(
    'lets only the callers of the call map reach %s',
    (app) => {
      expect([...new Set(podCallersOf(app))].sort()).toEqual([...callersOf(app)].sort());
    },
  );

  it.each(INTERNAL_APPS)('lets %s reach only the apps the call map lets it call', (app) => {
    const callees = INTERNAL_APPS.filter((callee) => callersOf(callee).includes(app));
    expect([...new Set(calleesOf(app))].sort()).toEqual([...callees].sort());
  });

  it('lets the ingress controller reach the gateway and no other app; no app reaches the gateway', () => {
    const fromNamespaces = policies.filter((policy) =>
      policy.spec.ingress?.some((rule) =>
        rule.from?.some(
          (peer) => peer.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'] === 'ingress-nginx',
        ),
      ),
    );
    expect(fromNamespaces.map((policy) => appsSelectedBy(policy.spec.podSelector))).toEqual([['gateway']]);
    expect(podCallersOf('gateway')).toEqual([]);
  });

  it('lets apps reach Postgres, Redis, Kafka and DNS', () => {
    const ports = policies
      .filter((policy) => appsSelectedBy(policy.spec.podSelector).length === INTERNAL_APPS.length)
      .flatMap((policy) => policy.spec.egress ?? [])
      .flatMap((rule) => (rule.ports ?? []).map(({ protocol = 'TCP', port }) => `${protocol}/${port}`));
    expect(ports).toEqual(
      expect.arrayContaining(['TCP/5432', 'TCP/6379', 'TCP/9092', 'TCP/9093', 'UDP/53', 'TCP/53']),
    );
  });

  it('lets only the webhook dispatcher and customers out to the internet, never to private networks or metadata', () => {
    const internet = policies.filter((policy) =>
      policy.spec.egress?.some((rule) => rule.to?.some((peer) => peer.ipBlock)),
    );
    expect(internet.flatMap((policy) => appsSelectedBy(policy.spec.podSelector)).sort()).toEqual([
      'customers',
      'webhook-dispatcher',
    ]);
    const blocks = internet.flatMap((policy) =>
      policy.spec.egress!.flatMap((rule) => rule.to!.flatMap((peer) => peer.ipBlock ?? [])),
    );
    const v4 = blocks.find((block) => block.cidr === '0.0.0.0/0');
    expect(v4?.except).toEqual(
      expect.arrayContaining([
        '10.0.0.0/8',
        '172.16.0.0/12',
        '192.168.0.0/16',
        '169.254.0.0/16',
        '127.0.0.0/8',
        '100.64.0.0/10',
      ]),
    );
    expect(blocks.find((block) => block.cidr === '::/0')?.except).toEqual(
      expect.arrayContaining(['fc00::/7', 'fe80::/10']),
    );
  });
});

describe('deploy/k8s/ingress.yaml', () => {
  const [ingress] = documentsOf<{ spec: { rules: { http: { paths: { path: string }[] } }[] } }>(
    'ingress.yaml',
  );
  const paths = ingress.spec.rules.flatMap((rule) => rule.http.paths.map(({ path: routed }) => routed));

  it('routes the public paths to the gateway', () => {
    expect(paths).toEqual(
      expect.arrayContaining(['/2025-10-13', '/kyc', '/.well-known', '/uma', '/docs', '/console']),
    );
  });

  it('routes neither /metrics, the probes, nor everything under /', () => {
    for (const hidden of ['/', '/metrics', '/health', '/ready']) expect(paths).not.toContain(hidden);
  });
});

describe('secrets of every app', () => {
  const [secret] = documentsOf<{ stringData: Record<string, string> }>('secret.example.yaml');
  const secretKeys = ['INTERNAL_AUTH_SECRET', 'REDIS_PASSWORD', 'KAFKA_SASL_USERNAME', 'KAFKA_SASL_PASSWORD'];

  it('are in the Secret template', () => {
    expect(Object.keys(secret.stringData)).toEqual(expect.arrayContaining(secretKeys));
  });

  it.each(INTERNAL_APPS)('%s reads them from the Secret', (app) => {
    const [deployment] = documentsOf<{
      spec: {
        template: {
          spec: {
            containers: {
              name: string;
              env: { name: string; valueFrom?: { secretKeyRef?: { key: string } } }[];
            }[];
          };
        };
      };
    }>(`${app}.yaml`);
    const container = deployment.spec.template.spec.containers.find((candidate) => candidate.name === app)!;
    for (const key of secretKeys) {
      expect(container.env.find((variable) => variable.name === key)?.valueFrom?.secretKeyRef?.key).toBe(key);
    }
  });
});
