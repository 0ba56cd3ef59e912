import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BULK_IMPORT_JOB_EVENTS } from '@payments/contracts';
import { serviceFoundation } from '@payments/messaging';
import { BulkImportEnvironment } from '@bulk-import/bulk-import.environment';
import { ChunkQueue } from '@bulk-import/chunks/chunk-queue';
import { ChunkWorker } from '@bulk-import/chunks/chunk.worker';
import { CustomerBatchesClient } from '@bulk-import/chunks/customer-batches.client';
import { IdleJobsWorker } from '@bulk-import/chunks/idle-jobs.worker';
import { BULK_IMPORT_SCHEMA } from '@bulk-import/database';
import { ImportJob } from '@bulk-import/jobs/import-job.entity';
import { ImportJobList } from '@bulk-import/jobs/import-job-list';
import { ImportJobsController } from '@bulk-import/jobs/import-jobs.controller';
import { ImportJobsStore } from '@bulk-import/jobs/import-jobs.store';
import { BULK_IMPORT_RETENTION } from '@bulk-import/retention';
import { UploadsController } from '@bulk-import/uploads/uploads.controller';
import { UploadSlots } from '@bulk-import/uploads/upload-slots';
import { UploadsService } from '@bulk-import/uploads/uploads.service';
import { SpoolWorker } from '@bulk-import/uploads/spool.worker';

@Module({
  imports: [
    ...serviceFoundation({
      app: 'bulk-import-worker',
      environment: BulkImportEnvironment,
      schema: BULK_IMPORT_SCHEMA,
      retention: BULK_IMPORT_RETENTION,
      produces: [BULK_IMPORT_JOB_EVENTS],
      consumes: [],
    }),
    TypeOrmModule.forFeature([ImportJob]),
  ],
  controllers: [UploadsController, ImportJobsController],
  providers: [
    ImportJobsStore,
    ImportJobList,
    UploadsService,
    UploadSlots,
    ChunkQueue,
    ChunkWorker,
    CustomerBatchesClient,
    IdleJobsWorker,
    SpoolWorker,
  ],
})
export class AppModule {}
