// Generates docs/openapi.json, the document of the whole public API, from every app's controllers
// (Nest preview mode: modules are scanned, nothing connects). `--check` fails when the committed
// document differs from what the code describes. The console is typed from the committed document
// (scripts/console-types.mjs).
import { createRequire } from 'node:module';
import { APPS, appEntry, ROOT } from './lib/apps.mjs';
import { writeOrCheck } from './lib/generated-doc.mjs';
import { API_PREFIX, API_VERSION } from './lib/api-version.mjs';

const require = createRequire(import.meta.url);
const TARGET = `${ROOT}/docs/openapi.json`;

export async function generateOpenApi() {
  require('reflect-metadata');
  const { NestFactory } = require('@nestjs/core');
  const { FastifyAdapter } = require('@nestjs/platform-fastify');
  const { SwaggerModule, DocumentBuilder } = require('@nestjs/swagger');
  const built = new DocumentBuilder()
    .setTitle('Cross-border payments API')
    .setDescription(
      'Balances, FX quotes, transfers, customers and webhooks for platforms. Authenticate with HTTP Basic: client id and client secret of an API token.',
    )
    .setVersion(API_VERSION)
    .addBasicAuth()
    .build();
  const document = { ...built, paths: {}, components: { ...built.components, schemas: {} } };
  for (const app of APPS) {
    const { AppModule } = require(appEntry(app.name, 'app.module.js'));
    const nest = await NestFactory.create(AppModule, new FastifyAdapter(), {
      preview: true,
      logger: false,
      abortOnError: false,
    });
    const partial = SwaggerModule.createDocument(nest, new DocumentBuilder().build());
    for (const [path, item] of Object.entries(partial.paths)) {
      const publicPath = path.startsWith(API_PREFIX) ? path : `${API_PREFIX}${path}`;
      document.paths[publicPath] = { ...document.paths[publicPath], ...item };
    }
    addSchemas(document.components.schemas, partial.components?.schemas ?? {}, app.name);
    await nest.close();
  }
  document.paths = Object.fromEntries(Object.entries(document.paths).sort(([a], [b]) => a.localeCompare(b)));
  document.components.schemas = Object.fromEntries(
    Object.entries(document.components.schemas).sort(([a], [b]) => a.localeCompare(b)),
  );
  const text = JSON.stringify(document, null, 2);
  assertRefsResolve(text, document.components.schemas);
  return `${text}\n`;
}

/**
 * An app may describe a response by the name of another app's schema (otherAppSchema in libs/http):
 * a name that no app defines, once renamed or removed, must fail here rather than reach a client.
 */
function assertRefsResolve(text, schemas) {
  const missing = [...text.matchAll(/"\$ref": "#\/components\/schemas\/([^"]+)"/g)]
    .map(([, name]) => name)
    .filter((name) => !(name in schemas));
  if (missing.length > 0) throw new Error(`No app defines the schemas ${[...new Set(missing)].join(', ')}`);
}

/**
 * Schemas are named by their class; two apps' classes of one name but different shapes would
 * silently leave one app's endpoints described by the other's schema, and mistype the console.
 */
function addSchemas(schemas, added, appName) {
  for (const [name, schema] of Object.entries(added)) {
    if (name in schemas && JSON.stringify(schemas[name]) !== JSON.stringify(schema)) {
      throw new Error(`Two different schemas are named ${name} (the second in ${appName}): rename one class`);
    }
    schemas[name] = schema;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeOrCheck(TARGET, await generateOpenApi(), 'npm run openapi');
  process.exit(0);
}
