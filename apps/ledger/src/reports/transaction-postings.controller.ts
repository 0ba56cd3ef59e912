import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Caller, CurrentCaller } from '@payments/http';
import { TransactionPostingsDto } from '@ledger/reports/dto/transaction-postings.dto';
import { LedgerReportStore } from '@ledger/reports/ledger-report.store';

/**
 * Internal (the gateway does not route /internal): the transfers app's export asks, one call per
 * batch of rows, which postings record each transaction. Another platform's postings are absent.
 */
@ApiExcludeController()
@Controller('internal/reports/transaction-postings')
export class TransactionPostingsController {
  constructor(private readonly store: LedgerReportStore) {}

  @Post()
  @HttpCode(200)
  async postingsOf(
    @CurrentCaller() caller: Caller,
    @Body() body: TransactionPostingsDto,
  ): Promise<{ postings: Record<string, string[]> }> {
    const found = await this.store.postingIdsOf(caller, body.transactionIds);
    return { postings: Object.fromEntries(found) };
  }
}
