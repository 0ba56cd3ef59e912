import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { appliedResources, Resource, resourceNamed } from './applied-resources';

/**
 * Every manifest validates against the Kubernetes API's schemas (and KEDA's and the Prometheus
 * operator's for their kinds), as a cluster's API server would check it, without a cluster.
 */

const MONITORING = path.resolve(__dirname, '../monitoring');

function monitoringObjects(): Resource[] {
  return ['servicemonitors.yaml', 'prometheus/payments-alerts.prometheusrule.yaml'].flatMap((file) =>
    parseAllDocuments(readFileSync(path.join(MONITORING, file), 'utf8')).map((document) => document.toJS()),
  );
}

/** The objects that do not validate, with why: what kubernetes-schemas.mjs prints. */
function schemaProblems(objects: object[]): { kind: string; name: string; errors: string[] }[] {
  const output = execFileSync(process.execPath, [path.join(__dirname, 'kubernetes-schemas.mjs')], {
    input: JSON.stringify(objects),
    encoding: 'utf8',
  });
  return JSON.parse(output);
}

describe('the Kubernetes schemas', () => {
  it('accept every object deploy/k8s applies and every monitoring object', () => {
    const objects = [...appliedResources(), ...monitoringObjects()];
    expect(objects.length).toBeGreaterThan(30);
    expect(schemaProblems(objects)).toEqual([]);
  });

  it('refuse a port given as text and a ScaledObject without its target, naming each', () => {
    const ledger = structuredClone(resourceNamed(appliedResources(), 'Deployment', 'ledger'));
    const [container] = ledger.spec.template.spec.containers;
    container.ports[0].containerPort = '8084';
    const scaler = structuredClone(resourceNamed(appliedResources(), 'ScaledObject', 'bulk-import-worker'));
    delete scaler.spec.scaleTargetRef.name;

    const problems = schemaProblems([ledger, scaler]);

    expect(problems.map(({ kind, name }) => `${kind}/${name}`)).toEqual([
      'Deployment/ledger',
      'ScaledObject/bulk-import-worker',
    ]);
    expect(problems[0].errors.join()).toContain('containerPort must be integer');
    expect(problems[1].errors.join()).toContain('name');
  });
});
