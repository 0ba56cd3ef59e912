import { Module } from '@nestjs/common';
import { serviceFoundation } from '@payments/messaging';
import { BULK_IMPORT_SCHEMA } from '@bulk-import/database';
import { BulkImportEnvironment } from '@bulk-import/bulk-import.environment';

@Module({
  imports: [
    ...serviceFoundation({
      app: 'bulk-import-worker',
      environment: BulkImportEnvironment,
      schema: BULK_IMPORT_SCHEMA,
      produces: [],
      consumes: [],
    }),
  ],
})
export class AppModule {}
