// First: tracing, when configured, must patch modules before anything below requires them.
import '@payments/telemetry/register';
import 'reflect-metadata';
import { startService } from '@payments/messaging';
import { AppModule } from '@webhooks/app.module';

void startService(AppModule, 'WEBHOOK_DISPATCHER_PORT');
