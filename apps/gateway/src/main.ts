// First: tracing, when configured, must patch modules before anything below requires them.
import '@payments/telemetry/register';
import 'reflect-metadata';
import { SwaggerModule } from '@nestjs/swagger';
import { startService } from '@payments/messaging';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppModule } from '@gateway/app.module';
import { RequestLimits } from '@gateway/rate-limit/request-limits';
import { AllowedMethods } from '@gateway/routing/allowed-methods';
import { registerProxyRoute } from '@gateway/routing/proxy.route';
import { registerRequestTargetGuard } from '@gateway/routing/request-target';

/** The committed document of the whole public API, generated from every app by `npm run openapi`. */
const OPENAPI_DOCUMENT = join(__dirname, '..', '..', '..', '..', 'docs', 'openapi.json');

void startService(
  AppModule,
  'GATEWAY_PORT',
  async (app) => {
    const document = JSON.parse(readFileSync(OPENAPI_DOCUMENT, 'utf8'));
    registerRequestTargetGuard(app.getHttpAdapter().getInstance());
    await app.get(RequestLimits).register(app.getHttpAdapter().getInstance());
    registerProxyRoute(app, new AllowedMethods(document));
    SwaggerModule.setup('docs', app, document, { jsonDocumentUrl: 'openapi.json' });
  },
  { publicEdge: true },
);
