// First: tracing, when configured, must patch modules before anything below requires them.
import '@payments/telemetry/register';
import 'reflect-metadata';
import { startService } from '@payments/messaging';
import { AppModule } from '@bulk-import/app.module';

void startService(AppModule, 'BULK_IMPORT_WORKER_PORT', (app) => {
  // Uploads are read as they stream in (uploads/csv-upload.reader.ts), never parsed into memory first.
  app
    .getHttpAdapter()
    .getInstance()
    .addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null, undefined));
});
