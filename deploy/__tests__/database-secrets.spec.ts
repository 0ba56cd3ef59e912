import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { parse } from 'yaml';
import { APPS, appliedResources, K8S_DIR, Resource, resourceNamed } from './applied-resources';

interface SecretReference {
  name: string;
  key: string;
}

interface EnvContainer {
  name: string;
  args?: string[];
  env?: { name: string; valueFrom?: { secretKeyRef?: SecretReference } }[];
}

const secretTemplate = parse(readFileSync(path.join(K8S_DIR, 'secret.example.yaml'), 'utf8'));
const resources: Resource[] = appliedResources();

/** The prefix of an app's database keys in the Secret: `BULK_IMPORT_WORKER` of `bulk-import-worker`. */
const keyPrefixOf = (app: string) => app.replaceAll('-', '_').toUpperCase();

/** The container's variables read from a Secret, by name. */
const fromSecret = (container: EnvContainer): Record<string, SecretReference> =>
  Object.fromEntries(
    (container.env ?? []).flatMap(({ name, valueFrom }) =>
      valueFrom?.secretKeyRef ? [[name, valueFrom.secretKeyRef]] : [],
    ),
  );

function podOf(app: string): { initContainers: EnvContainer[]; containers: EnvContainer[] } {
  return resourceNamed(resources, 'Deployment', app).spec.template.spec;
}

describe("each app's database roles in deploy/k8s (docs/operations.md, step 4)", () => {
  const secret = (key: string): SecretReference => ({ name: secretTemplate.metadata.name, key });

  it.each(APPS)('%s migrates as its migrator, reading nothing else from the Secret', (app) => {
    const migrations = podOf(app).initContainers.filter(({ args }) =>
      args?.join(' ').endsWith('/migrate.js'),
    );

    expect(migrations).toHaveLength(1);
    // The migration reads the database alone (MigrationEnvironment, libs/persistence).
    expect(fromSecret(migrations[0])).toEqual({
      DATABASE_URL: secret(`${keyPrefixOf(app)}_MIGRATION_DATABASE_URL`),
    });
  });

  it.each(APPS)('%s runs as its runtime role', (app) => {
    const container = podOf(app).containers.find(({ name }) => name === app)!;

    expect(fromSecret(container).DATABASE_URL).toEqual(secret(`${keyPrefixOf(app)}_DATABASE_URL`));
  });

  it.each(APPS)('%s has both URLs in the Secret template, for the roles `npm run db:roles` names', (app) => {
    const role = app.replaceAll('-', '_');
    const urlOf = (key: string) => new URL(secretTemplate.stringData[`${keyPrefixOf(app)}_${key}`]);

    expect(urlOf('MIGRATION_DATABASE_URL')).toMatchObject({
      protocol: 'postgres:',
      username: `${role}_migrator`,
    });
    expect(urlOf('DATABASE_URL')).toMatchObject({ protocol: 'postgres:', username: `${role}_runtime` });
  });

  it('leaves no shared DATABASE_URL in the Secret template', () => {
    expect(secretTemplate.stringData.DATABASE_URL).toBeUndefined();
  });

  it('reads, in every container of every app, only keys the Secret template has', () => {
    const keys = APPS.flatMap((app) => {
      const { initContainers, containers } = podOf(app);
      return [...initContainers, ...containers].flatMap((container) => Object.values(fromSecret(container)));
    });

    expect(keys).not.toEqual([]);
    for (const { name, key } of keys)
      expect({ name, key, inTemplate: key in secretTemplate.stringData }).toEqual({
        ...secret(key),
        inTemplate: true,
      });
  });
});
