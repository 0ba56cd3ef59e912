import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Caller, CurrentCaller } from '@payments/http';
import { QuoteTransferDto } from '@transfers/quote-transfers/quote-transfer.dto';
import { QuoteTransfersService } from '@transfers/quote-transfers/quote-transfers.service';
import { TransactionView } from '@transfers/transactions/transaction.view';

/** Internal: the gateway routes nothing under /internal; the quoting app calls it with the caller headers. */
@ApiExcludeController()
@Controller('internal/quote-transfers')
export class QuoteTransfersController {
  constructor(private readonly quoteTransfers: QuoteTransfersService) {}

  @Post()
  @HttpCode(200)
  open(@CurrentCaller() caller: Caller, @Body() body: QuoteTransferDto): Promise<TransactionView> {
    return this.quoteTransfers.open(caller, body);
  }
}
