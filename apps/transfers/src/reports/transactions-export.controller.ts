import { Controller, Get, Header, Query, StreamableFile } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBasicAuth,
  ApiOkResponse,
  ApiOperation,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import { Caller, CurrentCaller } from '@payments/http';
import { TransactionsExportQuery } from '@transfers/reports/dto/transactions-export.query';
import {
  EXPORT_MEDIA_TYPES,
  TransactionsExportService,
} from '@transfers/reports/transactions-export.service';

@ApiTags('Reports')
@ApiBasicAuth()
@Controller('reports/transactions')
export class TransactionsExportController {
  constructor(private readonly exports: TransactionsExportService) {}

  @Get()
  @Header('cache-control', 'no-store')
  @ApiOperation({
    summary:
      'Stream every transaction that changed state in a window (at most 31 days), as CSV or JSON lines',
  })
  @ApiOkResponse({
    description: 'One line per transaction; columns in docs/api.md, "Reports"',
    content: Object.fromEntries(
      Object.values(EXPORT_MEDIA_TYPES).map((type) => [type, { schema: { type: 'string' } }]),
    ),
  })
  @ApiBadRequestResponse({ description: 'INVALID_INPUT: a missing or malformed date, a window over 31 days' })
  @ApiResponse({
    status: 429,
    description: 'RATE_LIMITED: too many exports running; retry after Retry-After',
  })
  export(@CurrentCaller() caller: Caller, @Query() query: TransactionsExportQuery): StreamableFile {
    const format = query.format ?? 'csv';
    return new StreamableFile(this.exports.open(caller, query), {
      type: `${EXPORT_MEDIA_TYPES[format]}; charset=utf-8`,
      disposition: `attachment; filename="transactions.${format}"`,
    });
  }
}
