// First: tracing, when configured, must patch modules before anything below requires them.
import '@payments/telemetry/register';
import 'reflect-metadata';
import { SwaggerModule } from '@nestjs/swagger';
import { startService } from '@payments/messaging';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppModule } from '@gateway/app.module';
import { registerConsole } from '@gateway/console/console-route';
import { RequestLimits } from '@gateway/rate-limit/request-limits';
import { AllowedMethods } from '@gateway/routing/allowed-methods';
import { registerProxyRoute } from '@gateway/routing/proxy.route';
import { registerRequestTargetGuard } from '@gateway/routing/request-target';

/** The committed document of the whole public API, generated from every app by `npm run openapi`. */
const OPENAPI_DOCUMENT = join(__dirname, '..', '..', '..', '..', 'docs', 'openapi.json');
/** The console's bundle, built beside the apps into dist/console (scripts/lib/console-build.mjs). */
const CONSOLE_BUNDLE = join(__dirname, '..', '..', '..', 'console');

void startService(
  AppModule,
  'GATEWAY_PORT',
  async (app) => {
    const document = JSON.parse(readFileSync(OPENAPI_DOCUMENT, 'utf8'));
    registerRequestTargetGuard(app.getHttpAdapter().getInstance());
    const limits = app.get(RequestLimits);
    await limits.register(app.getHttpAdapter().getInstance());
    registerProxyRoute(app, new AllowedMethods(document));
    await registerConsole(app.getHttpAdapter().getInstance(), CONSOLE_BUNDLE, (request, reply) =>
      limits.admitPublic(request, reply),
    );
    SwaggerModule.setup('docs', app, document, { jsonDocumentUrl: 'openapi.json' });
  },
  { publicEdge: true },
);
