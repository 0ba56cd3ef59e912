import {
  APP_LABEL,
  APPS,
  appliedResources,
  Kustomization,
  kustomizationFile,
  Resource,
  resourceNamed,
} from './applied-resources';

/**
 * High availability by default (deploy/k8s/availability.yaml): every app runs at least two pods that
 * drains take one at a time, spread over nodes and zones, the stateless ones scaled on CPU, and no
 * pod restarted by its liveness probe before it could have started.
 */

/** Scaled on its queue by KEDA (bulk-import-worker-scaledobject.yaml), not on CPU. */
const QUEUE_SCALED = 'bulk-import-worker';

interface Probe {
  httpGet: { path: string; port: string | number };
  initialDelaySeconds?: number;
  periodSeconds?: number;
  failureThreshold?: number;
}

const resources = appliedResources();
const ofKind = (kind: string): Resource[] => resources.filter((resource) => resource.kind === kind);
const deployment = (app: string) => resourceNamed(resources, 'Deployment', app);
const probeWindowSeconds = (probe: Probe) =>
  (probe.initialDelaySeconds ?? 0) + (probe.periodSeconds ?? 10) * (probe.failureThreshold ?? 3);

describe.each(APPS)('%s', (app) => {
  const { spec } = deployment(app);
  const container = spec.template.spec.containers[0];

  it('runs at least two pods, counted by its autoscaler alone', () => {
    // A replicas field would be reset by every apply, fighting the autoscaler.
    expect(spec.replicas).toBeUndefined();
    const scalers =
      app === QUEUE_SCALED
        ? ofKind('ScaledObject').filter((scaler) => scaler.spec.scaleTargetRef.name === app)
        : ofKind('HorizontalPodAutoscaler').filter(
            (scaler) =>
              scaler.spec.scaleTargetRef.kind === 'Deployment' && scaler.spec.scaleTargetRef.name === app,
          );
    expect(scalers).toHaveLength(1);
    const minimum = scalers[0].spec.minReplicas ?? scalers[0].spec.minReplicaCount;
    const maximum = scalers[0].spec.maxReplicas ?? scalers[0].spec.maxReplicaCount;
    expect(minimum).toBeGreaterThanOrEqual(2);
    expect(maximum).toBeGreaterThan(minimum);
  });

  it('scales on CPU if it is stateless', () => {
    const scaler = ofKind('HorizontalPodAutoscaler').find(
      (candidate) => candidate.spec.scaleTargetRef.name === app,
    );
    if (app === QUEUE_SCALED) return expect(scaler).toBeUndefined();
    expect(scaler!.spec.metrics).toEqual([
      {
        type: 'Resource',
        resource: { name: 'cpu', target: expect.objectContaining({ type: 'AverageValue' }) },
      },
    ]);
  });

  it('loses at most one pod to a voluntary disruption', () => {
    const budgets = ofKind('PodDisruptionBudget').filter(
      (budget) => budget.spec.selector.matchLabels[APP_LABEL] === spec.template.metadata.labels[APP_LABEL],
    );
    expect(budgets.map((budget) => budget.spec)).toEqual([
      { maxUnavailable: 1, selector: { matchLabels: { [APP_LABEL]: app } } },
    ]);
  });

  it('spreads its pods over zones and nodes without refusing to schedule', () => {
    const constraints = spec.template.spec.topologySpreadConstraints;
    expect(constraints.map((constraint: any) => constraint.topologyKey).sort()).toEqual([
      'kubernetes.io/hostname',
      'topology.kubernetes.io/zone',
    ]);
    for (const constraint of constraints) {
      expect(constraint).toMatchObject({
        maxSkew: 1,
        whenUnsatisfiable: 'ScheduleAnyway',
        labelSelector: { matchLabels: { [APP_LABEL]: app } },
      });
    }
  });

  it('gives its first start a minute and more before liveness may restart it', () => {
    const startup: Probe = container.startupProbe;
    expect(startup.httpGet).toEqual(container.livenessProbe.httpGet);
    expect(probeWindowSeconds(startup)).toBeGreaterThanOrEqual(90);
    // Liveness counts only once the startup probe passed: a delay of its own would only slow recovery.
    expect(container.livenessProbe.initialDelaySeconds).toBeUndefined();
  });
});

it('generates the shared ConfigMap, so that an edit renames it and rolls every Deployment onto it', () => {
  const kustomization: Kustomization & { generatorOptions?: { disableNameSuffixHash?: boolean } } =
    kustomizationFile();
  expect(kustomization.configMapGenerator?.map((generator) => generator.name)).toEqual(['payments-config']);
  // Not also a plain resource, which kustomize would apply without the hash.
  expect(kustomization.generatorOptions?.disableNameSuffixHash).toBeUndefined();
  for (const app of APPS) {
    const [container] = deployment(app).spec.template.spec.containers;
    expect(container.envFrom).toEqual([{ configMapRef: { name: 'payments-config' } }]);
  }
});
