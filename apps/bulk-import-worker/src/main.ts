import 'reflect-metadata';
import { startService } from '@payments/messaging';
import { AppModule } from '@bulk-import/app.module';

void startService(AppModule, 'BULK_IMPORT_WORKER_PORT');
