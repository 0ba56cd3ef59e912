import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiBasicAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { API_VERSION, Page } from '@payments/http';
import type { FastifyRequest } from 'fastify';
import { AuditEntryPage, AuditEntryView } from '@gateway/audit/audit-entry.view';
import { AuditLogService } from '@gateway/audit/audit-log.service';
import { ListAuditLogQuery } from '@gateway/audit/dto/list-audit-log.query';
import { RequiresPermission } from '@gateway/auth/auth.guard';

/** The audit log is written by the gateway, which sees every write (audit/audit-trail.ts). */
@ApiTags('Audit Log')
@ApiBasicAuth()
@Controller(`${API_VERSION}/audit-log`)
export class AuditLogController {
  constructor(private readonly auditLog: AuditLogService) {}

  @Get()
  @RequiresPermission('VIEW')
  @ApiOperation({
    summary: "List the writes made with the platform's credentials, newest first",
    description:
      'Every POST, PUT, PATCH and DELETE of this platform and environment, refused ones included, ' +
      'with the before and after of configuration and fee-rule changes (secrets masked).',
  })
  @ApiOkResponse({ type: AuditEntryPage })
  list(@Req() request: FastifyRequest, @Query() query: ListAuditLogQuery): Promise<Page<AuditEntryView>> {
    return this.auditLog.list(request.principal!, String(request.id), query);
  }
}
