import { CHUNK_QUEUE } from '../../apps/bulk-import-worker/src/chunks/chunk-queue';
import { BulkImportEnvironment } from '../../apps/bulk-import-worker/src/bulk-import.environment';
import {
  appliedResources,
  kustomizationFile,
  Resource,
  resourceNamed,
  withConfig,
} from './applied-resources';

/**
 * KEDA scales the import worker on the length of BullMQ's waiting list, which it reads from Redis
 * itself: if its address, TLS or list name drift from what the worker uses, it reads an empty list
 * (or nothing) and never scales, and no error shows anywhere but in the operator's log.
 */

const KEDA_NAMESPACE_RESOLVABLE = /^[a-z0-9-]+(\.[a-z0-9-]+){2,}:\d+$/;

/** What keeps the trigger from reading the worker's queue, in words; empty when it reads it. */
function kedaTriggerProblems(resources: Resource[]): string[] {
  const config = resourceNamed(resources, 'ConfigMap', 'payments-config').data as Record<string, string>;
  const scaledObject = resourceNamed(resources, 'ScaledObject', 'bulk-import-worker');
  const [trigger] = scaledObject.spec.triggers;
  const redis = new URL(config.REDIS_URL);
  const prefix = config.BULLMQ_PREFIX ?? new BulkImportEnvironment().BULLMQ_PREFIX;
  const problems: string[] = [];
  if (trigger.metadata.address !== redis.host)
    problems.push(`address ${trigger.metadata.address} is not REDIS_URL's ${redis.host}`);
  if (!KEDA_NAMESPACE_RESOLVABLE.test(trigger.metadata.address))
    problems.push(`address ${trigger.metadata.address} is not a fully qualified name the operator resolves`);
  if ((trigger.metadata.enableTLS === 'true') !== (redis.protocol === 'rediss:'))
    problems.push(`enableTLS ${trigger.metadata.enableTLS} does not match REDIS_URL's ${redis.protocol}`);
  if (trigger.metadata.listName !== `${prefix}:${CHUNK_QUEUE}:wait`)
    problems.push(`listName ${trigger.metadata.listName} is not ${prefix}:${CHUNK_QUEUE}:wait`);
  return problems;
}

describe('the import worker autoscaler (KEDA)', () => {
  it('reads the waiting list of the worker’s queue from the Redis of REDIS_URL', () => {
    expect(kedaTriggerProblems(appliedResources())).toEqual([]);
  });

  it('scales the worker’s Deployment, which leaves its replica count to the autoscaler', () => {
    const resources = appliedResources();
    const { spec } = resourceNamed(resources, 'ScaledObject', 'bulk-import-worker');
    expect(spec.scaleTargetRef).toEqual(expect.objectContaining({ name: 'bulk-import-worker' }));
    expect(spec.scaleTargetRef.kind ?? 'Deployment').toBe('Deployment');
    expect(resourceNamed(resources, 'Deployment', 'bulk-import-worker').spec.replicas).toBeUndefined();
    expect({ min: spec.minReplicaCount, max: spec.maxReplicaCount }).toEqual({ min: 2, max: 10 });
  });

  it('authenticates with the apps’ Redis password from the Secret', () => {
    const resources = appliedResources();
    const [trigger] = resourceNamed(resources, 'ScaledObject', 'bulk-import-worker').spec.triggers;
    const auth = resourceNamed(resources, 'TriggerAuthentication', trigger.authenticationRef.name);
    expect(auth.spec.secretTargetRef).toEqual([
      { parameter: 'password', name: 'payments-secrets', key: 'REDIS_PASSWORD' },
    ]);
  });

  describe('fails a deployment whose trigger would read nothing', () => {
    it('when the address is not taken from REDIS_URL', () => {
      const resources = appliedResources({ ...kustomizationFile(), replacements: [] });
      expect(kedaTriggerProblems(resources)).toContain(
        "address from-REDIS_URL is not REDIS_URL's redis.payments.svc.cluster.local:6379",
      );
    });

    it('when REDIS_URL names Redis by a short name the operator’s namespace cannot resolve', () => {
      const resources = appliedResources();
      resourceNamed(resources, 'ScaledObject', 'bulk-import-worker').spec.triggers[0].metadata.address =
        'redis:6379';
      expect(
        kedaTriggerProblems(withConfig((data) => (data.REDIS_URL = 'redis://redis:6379'), resources)),
      ).toEqual(['address redis:6379 is not a fully qualified name the operator resolves']);
    });

    it('when Redis is reached over TLS and the trigger is not', () => {
      const resources = withConfig(
        (data) => (data.REDIS_URL = 'rediss://redis.payments.svc.cluster.local:6379'),
      );
      expect(kedaTriggerProblems(resources)).toEqual(["enableTLS false does not match REDIS_URL's rediss:"]);
    });

    it('when the worker’s BullMQ prefix is changed and the list name is not', () => {
      const resources = withConfig((data) => (data.BULLMQ_PREFIX = 'imports'));
      expect(kedaTriggerProblems(resources)).toEqual([
        `listName bull:${CHUNK_QUEUE}:wait is not imports:${CHUNK_QUEUE}:wait`,
      ]);
    });
  });
});
