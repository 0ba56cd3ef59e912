// First: tracing, when configured, must patch modules before anything below requires them.
import '@payments/telemetry/register';
import 'reflect-metadata';
import { startService } from '@payments/messaging';
import { AppModule } from '@customers/app.module';

void startService(AppModule, 'CUSTOMERS_PORT');
