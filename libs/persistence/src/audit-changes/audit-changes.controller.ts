import { Controller, Get, Query } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import { Caller, CurrentCaller, scopeOf } from '@payments/http';
import { IsString, Matches } from 'class-validator';
import { DataSource } from 'typeorm';
import { AuditChange, readAuditChanges } from './audit-changes';

/** Up to a page of request ids (docs/api.md, limit 100), each as the gateway accepts one. */
const REQUEST_IDS = /^[\w.:-]{1,100}(,[\w.:-]{1,100}){0,99}$/;

export class AuditChangesQuery {
  @IsString()
  @Matches(REQUEST_IDS, { message: 'requestIds must be 1 to 100 comma-separated request ids' })
  requestIds: string;
}

/**
 * Internal: the gateway joins these onto a page of GET /audit-log. The app that records changes
 * (recordAuditChange) lists this controller; the lookup is scoped by the caller's assertion.
 */
@ApiExcludeController()
@Controller('internal/audit-changes')
export class AuditChangesController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @Get()
  async list(
    @CurrentCaller() caller: Caller,
    @Query() query: AuditChangesQuery,
  ): Promise<{ data: AuditChange[] }> {
    const requestIds = query.requestIds.split(',');
    return { data: await readAuditChanges(this.dataSource.manager, scopeOf(caller), requestIds) };
  }
}
