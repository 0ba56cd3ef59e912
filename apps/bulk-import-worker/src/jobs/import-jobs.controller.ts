import { Controller, Get, Param, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBasicAuth,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { uuidOf } from '@payments/contracts';
import { ApiException, Caller, CurrentCaller, Page, scopeOf } from '@payments/http';
import { ListImportJobsQuery } from '@bulk-import/jobs/dto/list-import-jobs.query';
import { ImportJobList } from '@bulk-import/jobs/import-job-list';
import { ImportJobPage, ImportJobSummaryView, ImportJobView } from '@bulk-import/jobs/import-job.view';
import { ImportJobsStore } from '@bulk-import/jobs/import-jobs.store';

@ApiTags('Customers')
@ApiBasicAuth()
@Controller('customers/bulk/jobs')
export class ImportJobsController {
  constructor(
    private readonly jobs: ImportJobsStore,
    private readonly jobList: ImportJobList,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'List bulk import jobs, newest first, with their status and progress',
    description: 'Without their failed rows: GET /customers/bulk/jobs/{jobId} lists those.',
  })
  @ApiOkResponse({ type: ImportJobPage })
  @ApiBadRequestResponse({ description: 'INVALID_INPUT: a bad status, date, limit or cursor' })
  list(
    @CurrentCaller() caller: Caller,
    @Query() query: ListImportJobsQuery,
  ): Promise<Page<ImportJobSummaryView>> {
    return this.jobList.page(caller, query);
  }

  @Get(':jobId')
  @ApiOperation({ summary: 'Get a bulk import job: its status, progress and failed rows' })
  @ApiOkResponse({ type: ImportJobView })
  @ApiNotFoundResponse({
    description: "BULK_UPLOAD_JOB_NOT_FOUND, also for another platform's or environment's job",
  })
  async get(@CurrentCaller() caller: Caller, @Param('jobId') jobId: string): Promise<ImportJobView> {
    const id = uuidOf('Job', jobId);
    const job = id ? await this.jobs.view(scopeOf(caller), id) : undefined;
    if (!job) throw ApiException.notFound('BULK_UPLOAD_JOB_NOT_FOUND', `Bulk import job ${jobId}`);
    return job;
  }
}
