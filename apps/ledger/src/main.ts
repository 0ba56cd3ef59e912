import 'reflect-metadata';
import { startService } from '@payments/messaging';
import { AppModule } from '@ledger/app.module';

void startService(AppModule, 'LEDGER_PORT');
