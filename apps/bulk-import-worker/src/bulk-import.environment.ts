import { Type } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { CommonEnvironment } from '@payments/runtime';

export class BulkImportEnvironment extends CommonEnvironment {
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(65535)
  BULK_IMPORT_WORKER_PORT = 8085;
}
