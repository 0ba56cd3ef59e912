import { Controller, Get, Param } from '@nestjs/common';
import { ApiBasicAuth, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { uuidOf } from '@payments/contracts';
import { ApiException, Caller, CurrentCaller, scopeOf } from '@payments/http';
import { ImportJobView } from '@bulk-import/jobs/import-job.view';
import { ImportJobsStore } from '@bulk-import/jobs/import-jobs.store';

@ApiTags('Customers')
@ApiBasicAuth()
@Controller('customers/bulk/jobs')
export class ImportJobsController {
  constructor(private readonly jobs: ImportJobsStore) {}

  @Get(':jobId')
  @ApiOperation({ summary: 'Get a bulk import job: its status, progress and failed rows' })
  @ApiOkResponse({ type: ImportJobView })
  @ApiNotFoundResponse({
    description: "BULK_UPLOAD_JOB_NOT_FOUND, also for another platform's or environment's job",
  })
  async get(@CurrentCaller() caller: Caller, @Param('jobId') jobId: string): Promise<ImportJobView> {
    const id = uuidOf('Job', jobId);
    const job = id ? await this.jobs.view(scopeOf(caller), id) : undefined;
    if (!job) throw new ApiException('BULK_UPLOAD_JOB_NOT_FOUND', `Bulk import job ${jobId} not found`);
    return job;
  }
}
