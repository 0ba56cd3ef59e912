import 'reflect-metadata';
import { startService } from '@payments/messaging';
import { AppModule } from '@customers/app.module';

void startService(AppModule, 'CUSTOMERS_PORT');
