import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { TransferFee } from '@payments/contracts';
import { Caller, CurrentCaller, IsMinorUnits, scopeOf } from '@payments/http';
import { SUPPORTED_CURRENCY_CODES } from '@payments/money';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsObject, ValidateNested } from 'class-validator';
import { Pricer } from '@quoting/pricing/pricer';
import { MAX_LOCKED_AMOUNT } from '@quoting/quotes/dto/create-quote.dto';

/** The most fees one call asks for: the transfers of concurrent requests of one caller. */
export const MAX_TRANSFER_FEE_QUERIES = 500;

export class TransferFeeQuery {
  @IsIn(['TRANSFER_IN', 'TRANSFER_OUT']) transactionType: 'TRANSFER_IN' | 'TRANSFER_OUT';
  @IsIn(SUPPORTED_CURRENCY_CODES) currency: string;
  @IsMinorUnits(1, MAX_LOCKED_AMOUNT) amount: number;
}

export class TransferFeeQueries {
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_TRANSFER_FEE_QUERIES)
  @IsObject({ each: true })
  @ValidateNested({ each: true })
  @Type(() => TransferFeeQuery)
  queries: TransferFeeQuery[];
}

/**
 * Internal: transfers asks what the platform's TRANSFER_IN or TRANSFER_OUT rule charges
 * (docs/api.md, "Transfers"), for the transfers of its concurrent requests in one call, answered in their order.
 */
@ApiExcludeController()
@Controller('internal/transfer-fees')
export class TransferFeesController {
  constructor(private readonly pricer: Pricer) {}

  @Post('batch')
  @HttpCode(200)
  async fees(
    @CurrentCaller() caller: Caller,
    @Body() body: TransferFeeQueries,
  ): Promise<{ fees: TransferFee[] }> {
    const scope = scopeOf(caller);
    return {
      fees: await Promise.all(
        body.queries.map((query) =>
          this.pricer.transferFee(scope, query.transactionType, query.currency, BigInt(query.amount)),
        ),
      ),
    };
  }
}
