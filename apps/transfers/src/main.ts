import 'reflect-metadata';
import { startService } from '@payments/messaging';
import { AppModule } from '@transfers/app.module';

void startService(AppModule, 'TRANSFERS_PORT');
