import { appliedResources, Resource, resourceNamed, withConfig } from './applied-resources';

/**
 * Every in-cluster address the ConfigMap gives the apps (`LEDGER_URL=http://ledger:8084`, …) must
 * reach the app it names: a Service of that name with that port, selecting that app's pods. A URL
 * that parses but points at a missing Service, another port or another app boots fine and fails
 * at the first payment.
 */

/** The app a `<NAME>_URL` variable calls: BULK_IMPORT_URL → bulk-import-worker, LEDGER_URL → ledger. */
function appCalledBy(variable: string): string {
  return variable.replace(/_URL$/, '').toLowerCase().replace(/_/g, '-');
}

/** What keeps each in-cluster URL of the ConfigMap from reaching its app, in words. */
function unreachableUrls(resources: Resource[]): string[] {
  const config = resourceNamed(resources, 'ConfigMap', 'payments-config').data as Record<string, string>;
  const services = resources.filter((resource) => resource.kind === 'Service');
  return Object.entries(config)
    .filter(([key, value]) => key.endsWith('_URL') && /^https?:\/\/[a-z0-9-]+:\d+\/?$/.test(value))
    .flatMap(([key, value]) => {
      const { hostname, port } = new URL(value);
      const service = services.find((candidate) => candidate.metadata.name === hostname);
      if (!service) return [`${key}: no Service named ${hostname}`];
      const problems: string[] = [];
      if (!service.spec.ports.some((servicePort: any) => String(servicePort.port) === port))
        problems.push(`${key}: Service ${hostname} has no port ${port}`);
      const selected = service.spec.selector['app.kubernetes.io/name'];
      if (!selected.startsWith(appCalledBy(key)))
        problems.push(`${key}: Service ${hostname} selects ${selected}, not ${appCalledBy(key)}`);
      const deployment = resourceNamed(resources, 'Deployment', selected);
      if (deployment.spec.template.metadata.labels['app.kubernetes.io/name'] !== selected)
        problems.push(`${key}: no pods of ${selected} carry the label Service ${hostname} selects`);
      return problems;
    });
}

describe('the apps’ addresses of each other in deploy/k8s', () => {
  it('names, for every internal app, a Service with that port selecting its pods', () => {
    const resources = appliedResources();
    const config = resourceNamed(resources, 'ConfigMap', 'payments-config').data as Record<string, string>;
    expect(
      Object.keys(config).filter((key) => /^[A-Z_]+_URL$/.test(key) && config[key].startsWith('http://')),
    ).toEqual(
      expect.arrayContaining([
        'CUSTOMERS_URL',
        'QUOTING_URL',
        'TRANSFERS_URL',
        'LEDGER_URL',
        'BULK_IMPORT_URL',
        'WEBHOOK_DISPATCHER_URL',
      ]),
    );
    expect(unreachableUrls(resources)).toEqual([]);
  });

  it.each([
    ['LEDGER_URL', 'http://ledger:8085', 'LEDGER_URL: Service ledger has no port 8085'],
    ['LEDGER_URL', 'http://transfers:8083', 'LEDGER_URL: Service transfers selects transfers, not ledger'],
    ['CUSTOMERS_URL', 'http://customer:8081', 'CUSTOMERS_URL: no Service named customer'],
  ])('refuses %s=%s', (variable, url, problem) => {
    expect(unreachableUrls(withConfig((data) => (data[variable] = url)))).toEqual([problem]);
  });
});
