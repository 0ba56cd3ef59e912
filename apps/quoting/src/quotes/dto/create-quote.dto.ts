import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { SUPPORTED_CURRENCY_CODES } from '@payments/money';
import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { IsMinorUnits } from '@payments/http';
import { LockedSide } from '@quoting/pricing/quote-pricing';

/** docs/api.md#limits: the largest lockedCurrencyAmount, still exact as a JSON number. */
export const MAX_LOCKED_AMOUNT = 9_000_000_000_000_000;

export const SOURCE_TYPES = ['ACCOUNT', 'REALTIME_FUNDING'] as const;
export const DESTINATION_TYPES = ['ACCOUNT', 'UMA_ADDRESS', 'EXTERNAL_ACCOUNT_DETAILS'] as const;
export type DestinationType = (typeof DESTINATION_TYPES)[number];

/** `{sourceType: ACCOUNT, accountId}` or `{sourceType: REALTIME_FUNDING, currency}`; older clients omit the type. */
export class QuoteSourceDto {
  @ApiPropertyOptional({ enum: SOURCE_TYPES })
  @IsOptional()
  @IsIn(SOURCE_TYPES)
  sourceType?: (typeof SOURCE_TYPES)[number];

  @ApiPropertyOptional({ description: 'Internal account, or external account with direct pull (ACCOUNT)' })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  accountId?: string;

  @ApiPropertyOptional({
    description: 'The sending customer (REALTIME_FUNDING; checked against the account otherwise)',
  })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  customerId?: string;

  @ApiPropertyOptional({ enum: SUPPORTED_CURRENCY_CODES, description: 'Sending currency (REALTIME_FUNDING)' })
  @IsOptional()
  @IsIn(SUPPORTED_CURRENCY_CODES)
  currency?: string;
}

export class ExternalAccountDetailsDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @IsNotEmpty() customerId?: string;
  @ApiProperty({ enum: SUPPORTED_CURRENCY_CODES }) @IsIn(SUPPORTED_CURRENCY_CODES) currency: string;
  @ApiProperty({ description: 'As for POST /customers/external-accounts' })
  @IsObject()
  accountInfo: Record<string, unknown>;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) platformAccountId?: string;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() defaultUmaDepositAccount?: boolean;
}

export class QuoteDestinationDto {
  @ApiPropertyOptional({ enum: DESTINATION_TYPES })
  @IsOptional()
  @IsIn(DESTINATION_TYPES)
  destinationType?: DestinationType;

  @ApiPropertyOptional({ description: 'Internal or external account (ACCOUNT)' })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  accountId?: string;

  @ApiPropertyOptional({ enum: SUPPORTED_CURRENCY_CODES, description: "Must match the account's currency" })
  @IsOptional()
  @IsIn(SUPPORTED_CURRENCY_CODES)
  currency?: string;

  @ApiPropertyOptional({
    description: 'The receiver (UMA_ADDRESS), looked up first with GET /receiver/uma/{address}',
  })
  @IsOptional()
  @IsString()
  @MaxLength(320)
  umaAddress?: string;

  @ApiPropertyOptional({
    description:
      'UMA_ADDRESS: what the platform knows of the receiver, by user-info field name (string values); shown on the transaction',
    example: { FULL_NAME: 'Grace Hopper' },
  })
  @IsOptional()
  @IsObject()
  counterpartyInformation?: Record<string, unknown>;

  @ApiPropertyOptional({
    type: ExternalAccountDetailsDto,
    description: 'Creates the external account with the quote',
  })
  @IsOptional()
  @ValidateNested()
  @Type(() => ExternalAccountDetailsDto)
  externalAccountDetails?: ExternalAccountDetailsDto;
}

export class CreateQuoteDto {
  @ApiProperty({ type: QuoteSourceDto })
  @IsObject()
  @ValidateNested()
  @Type(() => QuoteSourceDto)
  source: QuoteSourceDto;

  @ApiProperty({ type: QuoteDestinationDto })
  @IsObject()
  @ValidateNested()
  @Type(() => QuoteDestinationDto)
  destination: QuoteDestinationDto;

  @ApiProperty({ enum: ['SENDING', 'RECEIVING'], description: 'Which side the amount fixes' })
  @IsIn(['SENDING', 'RECEIVING'])
  lockedCurrencySide: LockedSide;

  @ApiProperty({
    type: 'integer',
    minimum: 1,
    maximum: MAX_LOCKED_AMOUNT,
    description: 'Smallest unit of the locked currency',
  })
  @IsMinorUnits(1, MAX_LOCKED_AMOUNT)
  lockedCurrencyAmount: number;

  @ApiPropertyOptional({
    description: 'Required for UMA destinations: the lookupId of GET /receiver/uma/{address}',
  })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  lookupId?: string;

  @ApiPropertyOptional({ maxLength: 1000 }) @IsOptional() @IsString() @MaxLength(1000) description?: string;

  @ApiPropertyOptional({
    description:
      "For UMA destinations: the sender's data, with every mandatory requiredPayerDataFields entry of the lookup",
    example: { FULL_NAME: 'Ada Lovelace', BIRTH_DATE: '1985-12-10' },
  })
  @IsOptional()
  @IsObject()
  senderCustomerInfo?: Record<string, unknown>;

  @ApiPropertyOptional({
    default: false,
    description: 'Execute at creation (internal-account and pull sources only)',
  })
  @IsOptional()
  @IsBoolean()
  immediatelyExecute?: boolean;
}
