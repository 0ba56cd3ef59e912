import { APP_LABEL, APPS, appliedResources, resourceNamed } from './applied-resources';

/**
 * Each app's identity and its pods' confinement (deploy/k8s/serviceaccounts.yaml, namespace.yaml):
 * a ServiceAccount of its own without an API token, every container (init containers included) as
 * Pod Security's `restricted` level asks, and a V8 heap that stops below the memory limit.
 */

const resources = appliedResources();

/** Mebibytes of a Kubernetes memory quantity such as 512Mi or 1Gi. */
function mebibytes(quantity: string): number {
  const match = /^(\d+)(Mi|Gi)$/.exec(quantity);
  if (!match) throw new Error(`unexpected memory quantity ${quantity}`);
  return Number(match[1]) * (match[2] === 'Gi' ? 1024 : 1);
}

it('makes the namespace refuse any pod that is not restricted', () => {
  const namespace = resourceNamed(resources, 'Namespace', 'payments');
  expect(namespace.metadata.labels).toMatchObject({
    'pod-security.kubernetes.io/enforce': 'restricted',
    'pod-security.kubernetes.io/warn': 'restricted',
    'pod-security.kubernetes.io/audit': 'restricted',
  });
});

describe.each(APPS)('%s', (app) => {
  const pod = resourceNamed(resources, 'Deployment', app).spec.template.spec;
  const containers: any[] = [...(pod.initContainers ?? []), ...pod.containers];

  it('runs as a ServiceAccount of its own that mounts no API token', () => {
    const account = resourceNamed(resources, 'ServiceAccount', pod.serviceAccountName);
    expect(account.metadata.labels?.[APP_LABEL]).toBe(app);
    expect(account.automountServiceAccountToken).toBe(false);
    expect(pod.automountServiceAccountToken).toBe(false);
  });

  it('meets the restricted Pod Security level in every container', () => {
    expect(pod.securityContext).toMatchObject({
      runAsNonRoot: true,
      seccompProfile: { type: 'RuntimeDefault' },
    });
    expect(pod.hostNetwork ?? false).toBe(false);
    expect(
      pod.volumes.every((volume: any) => 'emptyDir' in volume || 'secret' in volume || 'configMap' in volume),
    ).toBe(true);
    for (const container of containers) {
      expect(container.securityContext).toMatchObject({
        allowPrivilegeEscalation: false,
        readOnlyRootFilesystem: true,
        capabilities: { drop: ['ALL'] },
      });
      expect(container.securityContext.privileged ?? false).toBe(false);
      expect(container.securityContext.capabilities.add ?? []).toEqual([]);
    }
  });

  it('caps each container’s V8 heap at 60-80% of its memory limit', () => {
    const shares = containers.map((container) => {
      const options = container.env?.find((variable: any) => variable.name === 'NODE_OPTIONS')?.value ?? '';
      const heap = Number(/--max-old-space-size=(\d+)/.exec(options)?.[1]);
      return [container.name, heap / mebibytes(container.resources.limits.memory)];
    });
    // NaN (no cap) fails both bounds, naming the container.
    expect(shares.filter(([, share]) => !(share >= 0.6 && share <= 0.8))).toEqual([]);
  });
});
