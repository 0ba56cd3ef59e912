import { Type } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsString } from 'class-validator';
import {
  ACCOUNT_CATEGORIES,
  ACCOUNT_TYPES,
  AccountCategory,
  AccountType,
  Beneficiary,
  ClabeAccountInfo,
  IbanAccountInfo,
  PixAccountInfo,
  SparkWalletInfo,
  UpiAccountInfo,
  UsAccountInfo,
} from '@customers/external-accounts/account-info';
import { PIX_KEY_TYPES, PixKeyType } from '@customers/external-accounts/bank-identifiers';
import { BENEFICIARY_SCHEMA, IsBeneficiary } from '@customers/external-accounts/dto/beneficiary.dto';
import { oneOfSchema } from '@customers/openapi/one-of-schema';
import { IsNestedOneOf, IsOmittable, IsText } from '@customers/validation/field-validators';

/**
 * Identifier fields are only checked to be strings here: whether they name a real account (format,
 * length, check digits) is judged afterwards and reported as INVALID_BANK_ACCOUNT.
 */

/** The class of an accountInfo whose accountType is unknown: only that type is judged. */
export class AccountInfoTypeDto {
  // Declared here so that it leads every account type's schema; each type narrows the enum.
  @ApiProperty({ enum: ACCOUNT_TYPES })
  @IsIn(ACCOUNT_TYPES, { message: `must be one of ${ACCOUNT_TYPES.join(', ')}` })
  accountType: AccountType;
}

class WithBeneficiaryDto extends AccountInfoTypeDto {
  @ApiProperty(BENEFICIARY_SCHEMA)
  @IsBeneficiary()
  beneficiary: Beneficiary;
}

class AtBankDto extends WithBeneficiaryDto {
  @ApiPropertyOptional({ example: 'Chase Bank', maxLength: 200 })
  @IsOmittable()
  @IsText(200)
  bankName?: string;
}

/** IBANs and BICs are often written in groups or in lower case; they are stored compact and upper-case. */
const ToCompactUpperCase = () =>
  Transform(({ value }) => (typeof value === 'string' ? value.replace(/\s+/g, '').toUpperCase() : value));

export class UsAccountInfoDto extends AtBankDto implements UsAccountInfo {
  @ApiProperty({ enum: ['US_ACCOUNT'] })
  override accountType: 'US_ACCOUNT';

  @ApiProperty({ example: '123456789', description: '4 to 17 digits' })
  @IsString()
  accountNumber: string;

  @ApiProperty({ example: '021000021', description: '9 digits with a valid ABA check digit' })
  @IsString()
  routingNumber: string;

  @ApiProperty({ enum: ACCOUNT_CATEGORIES })
  @IsIn(ACCOUNT_CATEGORIES)
  accountCategory: AccountCategory;
}

export class ClabeAccountInfoDto extends AtBankDto implements ClabeAccountInfo {
  @ApiProperty({ enum: ['CLABE'] })
  override accountType: 'CLABE';

  @ApiProperty({ example: '002010077777777771', description: '18 digits with a valid check digit' })
  @IsString()
  clabeNumber: string;
}

export class PixAccountInfoDto extends AtBankDto implements PixAccountInfo {
  @ApiProperty({ enum: ['PIX'] })
  override accountType: 'PIX';

  @ApiProperty({
    example: '+5511987654321',
    description:
      'CPF (11 digits) or CNPJ (14 digits) with valid check digits, an email address, a +55 phone number or a UUID, per pixKeyType',
  })
  @IsString()
  pixKey: string;

  @ApiProperty({ enum: PIX_KEY_TYPES })
  @IsIn(PIX_KEY_TYPES)
  pixKeyType: PixKeyType;
}

export class IbanAccountInfoDto extends AtBankDto implements IbanAccountInfo {
  @ApiProperty({ enum: ['IBAN'] })
  override accountType: 'IBAN';

  @ApiProperty({
    example: 'DE89370400440532013000',
    description: 'Checked mod 97 and against the length of its country; stored without spaces, upper-case',
  })
  @ToCompactUpperCase()
  @IsString()
  iban: string;

  @ApiPropertyOptional({ example: 'DEUTDEFF', description: '8 or 11 characters' })
  @IsOmittable()
  @ToCompactUpperCase()
  @IsString()
  swiftBic?: string;
}

export class UpiAccountInfoDto extends WithBeneficiaryDto implements UpiAccountInfo {
  @ApiProperty({ enum: ['UPI'] })
  override accountType: 'UPI';

  @ApiProperty({ example: 'jane.doe@okbank', description: 'Virtual payment address, name@handle' })
  @IsString()
  vpa: string;
}

/** A wallet has no beneficiary: there is no account holder a rail could check. */
export class SparkWalletInfoDto extends AccountInfoTypeDto implements SparkWalletInfo {
  @ApiProperty({ enum: ['SPARK_WALLET'] })
  override accountType: 'SPARK_WALLET';

  @ApiProperty({ example: 'spark1pgssyuuuhnrrdjswal5c3s3rafw9w3y5dd4cjy3duxlf7hjzkp0rqx6dj6mrhu' })
  @IsString()
  address: string;
}

export type AccountInfoDto =
  | UsAccountInfoDto
  | ClabeAccountInfoDto
  | PixAccountInfoDto
  | IbanAccountInfoDto
  | UpiAccountInfoDto
  | SparkWalletInfoDto;

export const ACCOUNT_INFO_CLASSES: Record<AccountType, Type<AccountInfoDto>> = {
  US_ACCOUNT: UsAccountInfoDto,
  CLABE: ClabeAccountInfoDto,
  PIX: PixAccountInfoDto,
  IBAN: IbanAccountInfoDto,
  UPI: UpiAccountInfoDto,
  SPARK_WALLET: SparkWalletInfoDto,
};

/** OpenAPI schema of accountInfo; the classes must be extra models where it is used. */
export const ACCOUNT_INFO_SCHEMA = oneOfSchema('accountType', ACCOUNT_INFO_CLASSES);

/** accountInfo, validated against the class its accountType names. */
export const IsAccountInfo = () => IsNestedOneOf('accountType', AccountInfoTypeDto, ACCOUNT_INFO_CLASSES);
