import { Controller, Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBasicAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Caller, CurrentCaller } from '@payments/http';
import { BalancesReportService } from '@ledger/reports/balances-report.service';
import { BalancesReportPage } from '@ledger/reports/dto/account-day.view';
import { BalancesReportQuery } from '@ledger/reports/dto/balances-report.query';

@ApiTags('Reports')
@ApiBasicAuth()
@Controller('reports/balances')
export class BalancesReportController {
  constructor(private readonly balances: BalancesReportService) {}

  @Get()
  @ApiOperation({
    summary:
      "Each internal account's opening balance, credits, debits, fees and closing balance of a UTC day",
  })
  @ApiOkResponse({ type: BalancesReportPage })
  @ApiBadRequestResponse({ description: 'INVALID_INPUT: a missing or malformed date, limit or cursor' })
  report(@CurrentCaller() caller: Caller, @Query() query: BalancesReportQuery): Promise<BalancesReportPage> {
    return this.balances.report(caller, query);
  }
}
