import { ApiExtraModels, ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { SUPPORTED_CURRENCY_CODES } from '@payments/money';
import { IsBoolean, IsString } from 'class-validator';
import { AccountInfo } from '@customers/external-accounts/account-info';
import {
  ACCOUNT_INFO_CLASSES,
  ACCOUNT_INFO_SCHEMA,
  IsAccountInfo,
} from '@customers/external-accounts/dto/account-info.dto';
import { BENEFICIARY_CLASSES } from '@customers/external-accounts/dto/beneficiary.dto';
import { IsCurrencyCode, IsOmittable, IsText } from '@customers/validation/field-validators';

/** A validated create body; an interface, so that only the body pipe (not the global one) judges it. */
export interface ExternalAccountRequest {
  customerId?: string;
  currency: string;
  accountInfo: AccountInfo;
  platformAccountId?: string;
  defaultUmaDepositAccount?: boolean;
}

/** The body of POST /platform/external-accounts. */
@ApiExtraModels(...Object.values(ACCOUNT_INFO_CLASSES), ...Object.values(BENEFICIARY_CLASSES))
export class CreatePlatformExternalAccountDto implements ExternalAccountRequest {
  @ApiProperty({ enum: SUPPORTED_CURRENCY_CODES, example: 'USD' })
  @IsCurrencyCode()
  currency: string;

  @ApiProperty(ACCOUNT_INFO_SCHEMA)
  @IsAccountInfo()
  accountInfo: AccountInfo;

  @ApiPropertyOptional({
    example: 'ext_acc_123456',
    maxLength: 255,
    description: "The platform's own id of the account",
  })
  @IsOmittable()
  @IsText(255)
  platformAccountId?: string;

  @ApiPropertyOptional({
    default: false,
    description:
      "Incoming UMA payments go to this account instead of the owner's internal account; replaces the owner's previous default",
  })
  @IsOmittable()
  @IsBoolean()
  defaultUmaDepositAccount?: boolean;
}

/** The body of POST /customers/external-accounts. */
export class CreateExternalAccountDto extends CreatePlatformExternalAccountDto {
  @ApiPropertyOptional({
    example: 'Customer:019542f5-b3e7-1d02-0000-000000000001',
    description: "The live customer the account belongs to; absent: the platform's own account",
  })
  @IsOmittable()
  @IsString()
  customerId?: string;
}
