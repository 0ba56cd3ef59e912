import { ApiPropertyOptional } from '@nestjs/swagger';
import { SUPPORTED_CURRENCY_CODES } from '@payments/money';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { MAX_LOCKED_AMOUNT } from '@quoting/quotes/dto/create-quote.dto';

export class ExchangeRatesQuery {
  @ApiPropertyOptional({
    enum: SUPPORTED_CURRENCY_CODES,
    description: 'Default: every currency the platform pays out from',
  })
  @IsOptional()
  @IsIn(SUPPORTED_CURRENCY_CODES)
  sourceCurrency?: string;

  @ApiPropertyOptional({
    enum: SUPPORTED_CURRENCY_CODES,
    isArray: true,
    description: 'Repeatable; default: every other currency',
  })
  @IsOptional()
  @Transform(({ value }) => (Array.isArray(value) ? value : [value]))
  @IsArray()
  @ArrayMaxSize(SUPPORTED_CURRENCY_CODES.length)
  @IsIn(SUPPORTED_CURRENCY_CODES, { each: true })
  destinationCurrency?: string[];

  @ApiPropertyOptional({
    type: 'integer',
    default: 10_000,
    description: 'Smallest unit of the source currency',
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_LOCKED_AMOUNT)
  sendingAmount = 10_000;
}
