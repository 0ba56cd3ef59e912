// Writes the console's API types (apps/console/src/api/openapi.d.ts, not committed) from the
// committed docs/openapi.json, which `npm run openapi --check` keeps true to the code. `npm run
// typecheck` and `npm run build` run it first, so an API change that breaks the console fails them.
import openapiTS, { astToString } from 'openapi-typescript';
import { readFileSync, writeFileSync } from 'node:fs';
import { ROOT } from './lib/apps.mjs';

const CONSOLE_TYPES = `${ROOT}/apps/console/src/api/openapi.d.ts`;

export async function writeConsoleTypes() {
  const document = JSON.parse(readFileSync(`${ROOT}/docs/openapi.json`, 'utf8'));
  const header = '// Generated from docs/openapi.json by scripts/console-types.mjs; not committed.\n';
  writeFileSync(CONSOLE_TYPES, `${header}${astToString(await openapiTS(document))}`);
}

if (import.meta.url === `file://${process.argv[1]}`) await writeConsoleTypes();
