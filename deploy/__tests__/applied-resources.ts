import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { parseAllDocuments } from 'yaml';

export const K8S_DIR = path.resolve(__dirname, '../k8s');
export const APP_LABEL = 'app.kubernetes.io/name';
export const APPS = [
  'gateway',
  'customers',
  'quoting',
  'transfers',
  'ledger',
  'bulk-import-worker',
  'webhook-dispatcher',
];

/** A Kubernetes object as these checks read it: its kind, name and the fields they look into. */
export interface Resource {
  kind: string;
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  spec: any;
  [field: string]: any;
}

/** Every object `kubectl apply -k deploy/k8s` applies, in the order kustomization.yaml lists them. */
export function appliedResources(): Resource[] {
  const read = (file: string) =>
    parseAllDocuments(readFileSync(path.join(K8S_DIR, file), 'utf8')).map((document) => document.toJS());
  const [kustomization] = read('kustomization.yaml') as { resources: string[] }[];
  return kustomization.resources.flatMap((file) => read(file) as Resource[]);
}

export function resourceNamed(resources: Resource[], kind: string, name: string): Resource {
  const found = resources.filter((resource) => resource.kind === kind && resource.metadata.name === name);
  if (found.length !== 1) throw new Error(`expected one ${kind} named ${name}, found ${found.length}`);
  return found[0];
}
