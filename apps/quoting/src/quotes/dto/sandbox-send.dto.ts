import { ApiPropertyOptional, ApiProperty } from '@nestjs/swagger';
import { SUPPORTED_CURRENCY_CODES } from '@payments/money';
import { IsIn, IsNotEmpty, IsOptional, IsString } from 'class-validator';
import { IsMinorUnits, RequiredWhen } from '@payments/http';
import { MAX_LOCKED_AMOUNT } from '@quoting/quotes/dto/create-quote.dto';

/** `{quoteId, currencyCode, currencyAmount?}`, or the older `{reference, currencyCode, currencyAmount}`. */
export class SandboxSendDto {
  @ApiPropertyOptional({ description: 'The REALTIME_FUNDING quote the payment is for' })
  @RequiredWhen((body: SandboxSendDto) => body.reference === undefined)
  @IsString()
  @IsNotEmpty()
  quoteId?: string;

  @ApiPropertyOptional({ description: "The quote's payment-instruction referenceCode (older form)" })
  @RequiredWhen((body: SandboxSendDto) => body.quoteId === undefined)
  @IsString()
  @IsNotEmpty()
  reference?: string;

  @ApiProperty({ enum: SUPPORTED_CURRENCY_CODES }) @IsIn(SUPPORTED_CURRENCY_CODES) currencyCode: string;

  @ApiPropertyOptional({
    type: 'integer',
    description: "Defaults to the quote's totalSendingAmount, which it must equal",
  })
  @IsOptional()
  @IsMinorUnits(1, MAX_LOCKED_AMOUNT)
  currencyAmount?: number;
}
