import { ApiPropertyOptional } from '@nestjs/swagger';
import { BULK_IMPORT_JOB_STATUSES, BulkImportJobStatus } from '@payments/contracts';
import { PageQueryDto, TimestampFilter } from '@payments/http';
import { IsIn, IsOptional } from 'class-validator';

export class ListImportJobsQuery extends PageQueryDto {
  @ApiPropertyOptional({ enum: BULK_IMPORT_JOB_STATUSES })
  @IsOptional()
  @IsIn(BULK_IMPORT_JOB_STATUSES)
  status?: BulkImportJobStatus;

  @TimestampFilter() createdAfter?: string;
  @TimestampFilter() createdBefore?: string;
}
