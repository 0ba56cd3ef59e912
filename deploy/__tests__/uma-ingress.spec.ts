import { appliedResources, resourceNamed } from './applied-resources';

/**
 * New platforms' UMA domains are subdomains of UMA_PROXY_DOMAIN (`<name>.<proxy>` in production,
 * `<name>.sandbox.<proxy>` in sandbox): the ConfigMap must name a real parent, and the Ingress must
 * serve the UMA paths over TLS for both wildcards, or peers could not reach any new platform.
 */

const resources = appliedResources();
const config = resourceNamed(resources, 'ConfigMap', 'payments-config').data as Record<string, string>;
const ingress = resourceNamed(resources, 'Ingress', 'gateway');

describe('UMA domains through the ingress', () => {
  const proxy = config.UMA_PROXY_DOMAIN;
  const wildcards = [`*.${proxy}`, `*.sandbox.${proxy}`];

  it('names a parent domain other than the local default', () => {
    expect(proxy).toMatch(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/);
    expect(proxy).not.toBe('uma.local');
  });

  it.each(wildcards)('serves /.well-known and /uma on %s, over TLS', (host) => {
    const rule = ingress.spec.rules.find((candidate: any) => candidate.host === host);
    expect(rule.http.paths.map((path: any) => [path.path, path.backend.service.name])).toEqual([
      ['/.well-known', 'gateway'],
      ['/uma', 'gateway'],
    ]);
    expect(ingress.spec.tls.some((entry: any) => entry.hosts.includes(host))).toBe(true);
  });

  it('lets a large upload stream for as long as the worker allows', () => {
    const annotations = ingress.metadata.annotations as Record<string, string>;
    expect(Number(annotations['nginx.ingress.kubernetes.io/proxy-read-timeout'])).toBeGreaterThanOrEqual(600);
    expect(Number(annotations['nginx.ingress.kubernetes.io/proxy-send-timeout'])).toBeGreaterThanOrEqual(600);
  });
});
