import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { WEBHOOK_FORMATS, WebhookFormat } from '@payments/contracts';
import { SUPPORTED_CURRENCY_CODES } from '@payments/money';
import { Type } from 'class-transformer';
import {
  Allow,
  IsBoolean,
  IsIn,
  IsObject,
  IsOptional,
  IsString,
  IsUrl,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { IsMinorUnits } from '@payments/http';
import {
  CounterpartyField,
  TRANSACTION_TYPES,
  TransactionType,
} from '@customers/platforms/platform-config.entity';
import { USER_INFO_FIELDS, UserInfoField } from '@customers/platforms/user-info-fields';
import {
  HasNoDuplicates,
  IsCurrencyCode,
  IsList,
  IsNotLessThan,
  IsOmittable,
  IsUmaDomain,
  ToLowerCase,
} from '@customers/validation/field-validators';

export class CounterpartyFieldDto implements CounterpartyField {
  @ApiProperty({ enum: USER_INFO_FIELDS, example: 'FULL_NAME' })
  @IsIn(USER_INFO_FIELDS)
  name: UserInfoField;

  @ApiProperty({ example: true })
  @IsBoolean()
  mandatory: boolean;
}

/** Amounts above this lose precision in JSON numbers. */
const MAX_AMOUNT = Number.MAX_SAFE_INTEGER;

export class SupportedCurrencyDto {
  @ApiProperty({ enum: SUPPORTED_CURRENCY_CODES, example: 'USD' })
  @IsCurrencyCode()
  currencyCode: string;

  @ApiProperty({
    type: 'integer',
    description: 'Smallest amount per payment, in the smallest unit of the currency',
    example: 100,
    minimum: 0,
  })
  @IsMinorUnits(0, MAX_AMOUNT)
  minAmount: number;

  @ApiProperty({
    type: 'integer',
    description: 'Largest amount per payment, in the smallest unit of the currency',
    example: 1_000_000,
    minimum: 0,
  })
  @IsMinorUnits(0, MAX_AMOUNT)
  @IsNotLessThan('minAmount')
  maxAmount: number;

  @ApiProperty({
    type: [CounterpartyFieldDto],
    description: 'What the platform needs to know about counterparties',
  })
  @IsList({ maxSize: USER_INFO_FIELDS.length })
  @HasNoDuplicates('must not name a field twice', 'name')
  @IsObject({ each: true })
  @ValidateNested({ each: true })
  @Type(() => CounterpartyFieldDto)
  requiredCounterpartyFields: CounterpartyFieldDto[];

  @ApiPropertyOptional({ enum: TRANSACTION_TYPES, isArray: true, default: TRANSACTION_TYPES })
  @IsOptional()
  @IsList({ maxSize: TRANSACTION_TYPES.length })
  @HasNoDuplicates('must not list a type twice')
  @IsIn(TRANSACTION_TYPES, { each: true })
  enabledTransactionTypes?: TransactionType[];

  /** Read-only: accepted so that a configuration read with GET can be sent back, then ignored. */
  @ApiPropertyOptional({ enum: USER_INFO_FIELDS, isArray: true, readOnly: true })
  @Allow()
  providerRequiredCustomerFields?: unknown;

  @ApiPropertyOptional({ enum: USER_INFO_FIELDS, isArray: true, readOnly: true })
  @Allow()
  providerRequiredCounterpartyCustomerFields?: unknown;
}

export class UpdatePlatformConfigDto {
  @ApiPropertyOptional({ example: 'mycompany.com' })
  @IsOmittable()
  @ToLowerCase()
  @IsUmaDomain()
  umaDomain?: string;

  @ApiPropertyOptional({
    // Declared: the reflected type of `string | null` is Object, which the document would say.
    type: String,
    example: 'https://api.mycompany.com/webhooks',
    nullable: true,
    description: 'null removes the endpoint',
  })
  @IsOptional()
  @IsString()
  @IsUrl(
    { protocols: ['http', 'https'], require_protocol: true, require_tld: false },
    { message: 'must be an http or https URL' },
  )
  @MaxLength(2048)
  webhookEndpoint?: string | null;

  @ApiPropertyOptional({
    enum: WEBHOOK_FORMATS,
    example: 'ENVELOPE',
    description:
      "The body shape of the platform's webhooks: LEGACY (the default) or ENVELOPE, the public Grid API's {id, type, timestamp, data} (docs/api.md#webhook-formats)",
  })
  @IsOmittable()
  @IsIn(WEBHOOK_FORMATS)
  webhookFormat?: WebhookFormat;

  @ApiPropertyOptional({ type: [SupportedCurrencyDto], description: 'Replaces the whole list' })
  @IsOmittable()
  @IsList({ minSize: 1, maxSize: SUPPORTED_CURRENCY_CODES.length })
  @HasNoDuplicates('must not list a currency twice', 'currencyCode')
  @IsObject({ each: true })
  @ValidateNested({ each: true })
  @Type(() => SupportedCurrencyDto)
  supportedCurrencies?: SupportedCurrencyDto[];
}
