import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { boundsCreation, Caller, listFilters, Page, scopeOf } from '@payments/http';
import { paginate } from '@payments/persistence';
import { Repository } from 'typeorm';
import { ListImportJobsQuery } from '@bulk-import/jobs/dto/list-import-jobs.query';
import { ImportJob } from '@bulk-import/jobs/import-job.entity';
import { ImportJobSummaryView, presentImportJobSummary } from '@bulk-import/jobs/import-job.view';

/**
 * The pages of one platform's import jobs in one environment, newest first. The total is the page's
 * own count rather than one kept with the writes (ListCounts): a job is one upload, and a platform's
 * uploads stay few, where its customers or transactions grow by the million.
 */
@Injectable()
export class ImportJobList {
  constructor(@InjectRepository(ImportJob) private readonly jobs: Repository<ImportJob>) {}

  page(caller: Caller, query: ListImportJobsQuery): Promise<Page<ImportJobSummaryView>> {
    const builder = this.jobs
      .createQueryBuilder('job')
      .where('job.platformId = :platformId AND job.environment = :environment', scopeOf(caller));
    const filters = listFilters('job', query, {
      equal: { status: 'status' },
      createdAt: { createdAfter: '>=', createdBefore: '<=' },
    });
    for (const filter of filters) builder.andWhere(filter.where, filter.parameters);
    return paginate(builder, query, presentImportJobSummary, { inCreationOrder: boundsCreation(filters) });
  }
}
