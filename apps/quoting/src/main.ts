import 'reflect-metadata';
import { startService } from '@payments/messaging';
import { AppModule } from '@quoting/app.module';

void startService(AppModule, 'QUOTING_PORT');
