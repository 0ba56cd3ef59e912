import { appOfEntry, serviceName, tracingEnabled } from '../telemetry-settings';

describe('tracingEnabled', () => {
  it.each([
    ['an OTLP endpoint', { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }],
    ['a traces endpoint', { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' }],
    [
      'an endpoint and the SDK not disabled',
      { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_SDK_DISABLED: 'false' },
    ],
  ])('is on with %s', (_case, env) => {
    expect(tracingEnabled(env)).toBe(true);
  });

  it.each([
    ['no endpoint', {}],
    ['a blank endpoint', { OTEL_EXPORTER_OTLP_ENDPOINT: ' ' }],
    ['no endpoint but a service name', { OTEL_SERVICE_NAME: 'transfers' }],
    ['the SDK disabled', { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_SDK_DISABLED: 'true' }],
    [
      'the SDK disabled in capitals',
      { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://c:4318', OTEL_SDK_DISABLED: 'TRUE' },
    ],
  ])('is off with %s', (_case, env) => {
    expect(tracingEnabled(env)).toBe(false);
  });
});

describe('serviceName', () => {
  it('is OTEL_SERVICE_NAME when set', () => {
    expect(serviceName({ OTEL_SERVICE_NAME: 'payments-transfers' }, 'transfers')).toBe('payments-transfers');
  });

  it.each([{}, { OTEL_SERVICE_NAME: '' }])('is the app name otherwise (%p)', (env) => {
    expect(serviceName(env, 'transfers')).toBe('transfers');
  });
});

describe('appOfEntry', () => {
  it.each([
    ['/app/dist/apps/webhook-dispatcher/src/main.js', 'webhook-dispatcher'],
    ['/work/main/apps/gateway/src/main.ts', 'gateway'],
  ])('names the app of %s', (entry, app) => {
    expect(appOfEntry(entry)).toBe(app);
  });

  it.each([undefined, '/usr/lib/node_modules/jest/bin/jest.js', '/app/scripts/src/main.js'])(
    'names none for %p',
    (entry) => {
      expect(appOfEntry(entry)).toBeUndefined();
    },
  );
});
