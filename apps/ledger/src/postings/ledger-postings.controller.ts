import { Controller, Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBasicAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Caller, CurrentCaller } from '@payments/http';
import { LedgerPostingList } from '@ledger/postings/dto/ledger-posting.view';
import { LedgerPostingsQuery } from '@ledger/postings/dto/ledger-postings.query';
import { LedgerPostingsService } from '@ledger/postings/ledger-postings.service';

/** The public read of the ledger's postings; they are made only through the internal /internal/postings. */
@ApiTags('Ledger')
@ApiBasicAuth()
@Controller('ledger/postings')
export class LedgerPostingsController {
  constructor(private readonly postings: LedgerPostingsService) {}

  @Get()
  @ApiOperation({
    summary: "A transaction's ledger postings, each with its entries, in the order they were posted",
    description:
      "Empty for a transaction that has moved no money yet, and for an unknown or another platform's or environment's transaction.",
  })
  @ApiOkResponse({ type: LedgerPostingList })
  @ApiBadRequestResponse({ description: 'INVALID_INPUT: transactionId missing or not a Transaction:<uuid>' })
  list(@CurrentCaller() caller: Caller, @Query() query: LedgerPostingsQuery): Promise<LedgerPostingList> {
    return this.postings.postingsOf(caller, query.transactionId);
  }
}
