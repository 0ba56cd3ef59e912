import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { TransactionRateDetails } from '@payments/contracts';
import { Caller, CurrentCaller, scopeOf } from '@payments/http';
import { SUPPORTED_CURRENCY_CODES } from '@payments/money';
import { IsIn, IsInt, Max, Min } from 'class-validator';
import { Pricer } from '@quoting/pricing/pricer';
import { MAX_LOCKED_AMOUNT } from '@quoting/quotes/dto/create-quote.dto';

export class TransferFeeQuery {
  @IsIn(['TRANSFER_IN', 'TRANSFER_OUT']) transactionType: 'TRANSFER_IN' | 'TRANSFER_OUT';
  @IsIn(SUPPORTED_CURRENCY_CODES) currency: string;
  @IsInt() @Min(1) @Max(MAX_LOCKED_AMOUNT) amount: number;
}

/** Internal: transfers asks what the platform's TRANSFER_IN or TRANSFER_OUT rule charges (decisions.md). */
@ApiExcludeController()
@Controller('internal/transfer-fees')
export class TransferFeesController {
  constructor(private readonly pricer: Pricer) {}

  @Post()
  @HttpCode(200)
  fee(
    @CurrentCaller() caller: Caller,
    @Body() body: TransferFeeQuery,
  ): Promise<{ platformFee: number; rateDetails: TransactionRateDetails }> {
    return this.pricer.transferFee(scopeOf(caller), body.transactionType, body.currency, BigInt(body.amount));
  }
}
