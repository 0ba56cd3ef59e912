import { INTERNAL_APPS } from '@payments/http';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { parseAllDocuments } from 'yaml';

export const K8S_DIR = path.resolve(__dirname, '../k8s');
export const APP_LABEL = 'app.kubernetes.io/name';
/** Every deployable: each has a Deployment in deploy/k8s. */
export const APPS: readonly string[] = INTERNAL_APPS;

/** A Kubernetes object as these checks read it: its kind, name and the fields they look into. */
export interface Resource {
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Labels; annotations?: Labels };
  spec: any;
  [field: string]: any;
}

export interface Kustomization {
  resources: string[];
  configMapGenerator?: { name: string; namespace: string; envs: string[]; options?: { labels?: Labels } }[];
  replacements?: Replacement[];
}

/** A kustomize replacement: a field of one object (or a delimited part of it) copied into fields of others. */
interface Replacement {
  source: { kind: string; name: string; fieldPath: string; options?: { delimiter?: string; index?: number } };
  targets: { select: { kind: string; name: string }; fieldPaths: string[] }[];
}
type Labels = Record<string, string>;

/** The data of a kustomize env file: KEY=value lines, the value as written; # starts a comment. */
export function envFileData(text: string): Record<string, string> {
  return Object.fromEntries(
    text
      .split('\n')
      .filter((line) => line.trim() !== '' && !line.startsWith('#'))
      .map((line) => {
        const at = line.indexOf('=');
        if (at < 1) throw new Error(`not KEY=value: ${line}`);
        return [line.slice(0, at), line.slice(at + 1)];
      }),
  );
}

const text = (file: string) => readFileSync(path.join(K8S_DIR, file), 'utf8');
const read = (file: string) => parseAllDocuments(text(file)).map((document) => document.toJS());

/** deploy/k8s/kustomization.yaml: the files applied and the ConfigMaps generated. */
export function kustomizationFile(): Kustomization {
  return read('kustomization.yaml')[0] as Kustomization;
}

/**
 * Every object `kubectl apply -k deploy/k8s` applies: the listed files' in their order, then the
 * generated ConfigMaps (under their base name; kustomize adds a hash of the content to it), with the
 * replacements made.
 */
export function appliedResources(kustomization: Kustomization = kustomizationFile()): Resource[] {
  const generated = (kustomization.configMapGenerator ?? []).map(({ name, namespace, envs, options }) => ({
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name, namespace, labels: options?.labels },
    data: Object.assign({}, ...envs.map((file) => envFileData(text(file)))),
    spec: undefined,
  }));
  const resources = [...kustomization.resources.flatMap((file) => read(file) as Resource[]), ...generated];
  for (const replacement of kustomization.replacements ?? []) replace(resources, replacement);
  return resources;
}

function replace(resources: Resource[], { source, targets }: Replacement): void {
  const whole = String(fieldAt(resourceNamed(resources, source.kind, source.name), source.fieldPath));
  const { delimiter, index } = source.options ?? {};
  const value = delimiter === undefined ? whole : whole.split(delimiter)[index ?? 0];
  for (const { select, fieldPaths } of targets) {
    const target = resourceNamed(resources, select.kind, select.name);
    for (const fieldPath of fieldPaths) {
      const keys = fieldPath.split('.');
      const parent = fieldAt(target, keys.slice(0, -1).join('.'));
      if (parent === undefined) throw new Error(`${select.kind} ${select.name} has no ${fieldPath}`);
      parent[keys[keys.length - 1]] = value;
    }
  }
}

/** The value at a dotted path (numbers index lists), as kustomize's fieldPath reads it. */
function fieldAt(resource: Resource, fieldPath: string): any {
  return fieldPath === ''
    ? resource
    : fieldPath
        .split('.')
        .reduce<any>((value, key) => (value === undefined ? undefined : value[key]), resource);
}

/** `resources` (by default the applied ones, read afresh) with `change` made to the shared ConfigMap's data: a broken variant. */
export function withConfig(
  change: (data: Record<string, string>) => void,
  resources: Resource[] = appliedResources(),
): Resource[] {
  change(resourceNamed(resources, 'ConfigMap', 'payments-config').data as Record<string, string>);
  return resources;
}

export function resourceNamed(resources: Resource[], kind: string, name: string): Resource {
  const found = resources.filter((resource) => resource.kind === kind && resource.metadata.name === name);
  if (found.length !== 1) throw new Error(`expected one ${kind} named ${name}, found ${found.length}`);
  return found[0];
}
