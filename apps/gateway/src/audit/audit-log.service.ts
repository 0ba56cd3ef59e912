import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { boundsCreation, listFilters, Page } from '@payments/http';
import { paginate } from '@payments/persistence';
import { Repository } from 'typeorm';
import { AuditChangesReader } from '@gateway/audit/audit-changes.reader';
import { AuditEntry } from '@gateway/audit/audit-entry.entity';
import { AuditEntryView, presentAuditEntry } from '@gateway/audit/audit-entry.view';
import { ListAuditLogQuery } from '@gateway/audit/dto/list-audit-log.query';
import { Principal } from '@gateway/auth/principal';

/** GET /audit-log: the caller's platform and environment only, newest first. */
@Injectable()
export class AuditLogService {
  constructor(
    @InjectRepository(AuditEntry) private readonly entries: Repository<AuditEntry>,
    private readonly changes: AuditChangesReader,
  ) {}

  async list(caller: Principal, requestId: string, query: ListAuditLogQuery): Promise<Page<AuditEntryView>> {
    const builder = this.entries
      .createQueryBuilder('entry')
      .where('entry.platformId = :platformId AND entry.environment = :environment', {
        platformId: caller.platformId,
        environment: caller.environment,
      });
    const filters = listFilters('entry', query, {
      equal: { resourceId: 'resourceId', tokenId: 'tokenId' },
      createdAt: { createdAfter: '>=', createdBefore: '<=' },
    });
    for (const filter of filters) builder.andWhere(filter.where, filter.parameters);
    const page = await paginate(builder, query, (entry) => entry, {
      inCreationOrder: boundsCreation(filters),
    });
    const changes = await this.changes.changesOf(caller, requestId, page.data);
    return {
      ...page,
      data: page.data.map((entry) => presentAuditEntry(entry, AuditChangesReader.changeOf(changes, entry))),
    };
  }
}
