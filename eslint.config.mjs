import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * An app may use shared libs and its own code only (importing another app is always refused by Nx);
 * each lib type only the types below it. Tests may also use the testing lib.
 */
function moduleBoundaries({ inTests }) {
  const testing = inTests ? ['type:testing'] : [];
  return {
    enforceBuildableLibDependency: false,
    // Apps import their own folders through their path alias (house style), not ../ chains.
    allowCircularSelfDependency: true,
    depConstraints: [
      { sourceTag: 'type:money', onlyDependOnLibsWithTags: [...testing] },
      { sourceTag: 'type:egress', onlyDependOnLibsWithTags: [...testing] },
      { sourceTag: 'type:telemetry', onlyDependOnLibsWithTags: [...testing] },
      { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: ['type:money', ...testing] },
      { sourceTag: 'type:http', onlyDependOnLibsWithTags: ['type:contracts', 'type:money', ...testing] },
      {
        sourceTag: 'type:runtime',
        onlyDependOnLibsWithTags: ['type:contracts', 'type:http', 'type:telemetry', ...testing],
      },
      {
        sourceTag: 'type:persistence',
        onlyDependOnLibsWithTags: ['type:contracts', 'type:http', 'type:runtime', ...testing],
      },
      {
        sourceTag: 'type:messaging',
        onlyDependOnLibsWithTags: ['type:contracts', 'type:runtime', 'type:persistence', ...testing],
      },
      {
        sourceTag: 'type:testing',
        onlyDependOnLibsWithTags: [
          'type:contracts',
          'type:money',
          'type:http',
          'type:messaging',
          'type:runtime',
          'type:persistence',
        ],
      },
      // The console runs in the browser: it reaches the service through the public API only.
      { sourceTag: 'type:web', onlyDependOnLibsWithTags: [] },
      // An example is what a team outside copies: it uses no lib of the service, its tests only the testing lib.
      { sourceTag: 'type:example', onlyDependOnLibsWithTags: [...testing] },
      {
        sourceTag: 'type:app',
        onlyDependOnLibsWithTags: [
          'type:contracts',
          'type:egress',
          'type:money',
          'type:http',
          'type:telemetry',
          'type:runtime',
          'type:persistence',
          'type:messaging',
          ...testing,
        ],
      },
    ],
  };
}

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.cache/**', '.nx/**', 'coverage/**', 'tools/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { '@nx': nx },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'off',
      '@nx/enforce-module-boundaries': ['error', moduleBoundaries({ inTests: false })],
    },
  },
  {
    // Inside an app, folders reach each other through the app's path alias, never ../ (libs are small and flat).
    files: ['apps/**/*.ts', 'apps/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['../*'], message: 'Use the app path alias instead of ../ imports.' }] },
      ],
    },
  },
  {
    files: ['apps/console/**/*.tsx', 'apps/console/**/*.ts'],
    languageOptions: { globals: globals.browser },
  },
  {
    // Tests read JSON responses of any shape.
    files: ['libs/testing/**/*.ts', '**/__tests__/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/__tests__/**/*.ts'],
    rules: { '@nx/enforce-module-boundaries': ['error', moduleBoundaries({ inTests: true })] },
  },
  {
    // The Node scripts (set-up, start, bench, faults, the e2e global set-up); tsconfig.scripts.json types them.
    files: ['**/*.mjs'],
    languageOptions: { globals: globals.node },
    // A rest sibling names what a copy leaves out (`{ secret: _secret, ...shown }`).
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
);
