// Three tiers, named by what they touch: unit (pure logic), integration (real Postgres, Kafka and
// Redis) and e2e (the whole stack through the gateway, started once by the global setup). Files of
// the last two tiers share servers, so they run one at a time. Every tier's files sit beside the code
// they test, in src/<domain>/__tests__ (src/__tests__ for a spec of a whole app or lib).
const { compilerOptions } = require('./tsconfig.base.json');

const moduleNameMapper = Object.fromEntries(
  Object.entries(compilerOptions.paths).map(([alias, [target]]) => [
    `^${alias.replace('*', '(.*)')}$`,
    `<rootDir>/${target.replace('*', '$1')}`,
  ]),
);

const transform = {
  '^.+\\.ts$': [
    '@swc/jest',
    {
      jsc: {
        target: 'es2022',
        parser: { syntax: 'typescript', decorators: true },
        transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
        keepClassNames: true,
      },
    },
  ],
  // The console's components (apps/console), rendered to markup in its unit specs.
  '^.+\\.tsx$': [
    '@swc/jest',
    {
      jsc: {
        target: 'es2022',
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic' } },
      },
    },
  ],
};

const common = {
  rootDir: __dirname,
  moduleNameMapper,
  transform,
  testEnvironment: 'node',
  setupFiles: ['reflect-metadata'],
};

module.exports = {
  // A global option: Jest ignores it inside a project.
  testTimeout: 60_000,
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/{apps,libs,deploy}/**/*.spec.{ts,tsx}'] },
    { ...common, displayName: 'integration', testMatch: ['<rootDir>/{apps,libs,deploy}/**/*.int-spec.ts'] },
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/{apps,libs,test,examples}/**/*.e2e-spec.ts'],
      globalSetup: '<rootDir>/test/e2e/global-setup.mjs',
      globalTeardown: '<rootDir>/test/e2e/global-teardown.mjs',
    },
  ],
};
