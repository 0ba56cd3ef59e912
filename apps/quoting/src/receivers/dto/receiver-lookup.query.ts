import { ApiPropertyOptional } from '@nestjs/swagger';
import { SUPPORTED_CURRENCY_CODES } from '@payments/money';
import { IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

/** Who sends: a customer of the caller's platform or a UMA address (one is required). */
export class ReceiverLookupQuery {
  @ApiPropertyOptional({ description: 'The sending customer (optional if senderUmaAddress is given)' })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  customerId?: string;

  @ApiPropertyOptional({ description: "The sender's UMA address (optional if customerId is given)" })
  @IsOptional()
  @IsString()
  @MaxLength(320)
  senderUmaAddress?: string;

  @ApiPropertyOptional({
    enum: SUPPORTED_CURRENCY_CODES,
    description:
      "The currency the estimates convert from; defaults to the platform's first currency enabled for outgoing payments",
  })
  @IsOptional()
  @IsIn(SUPPORTED_CURRENCY_CODES)
  sendingCurrency?: string;
}
