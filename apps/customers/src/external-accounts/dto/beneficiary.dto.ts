import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { AddressLinesDto } from '@customers/customers/dto/postal-address.dto';
import {
  BENEFICIARY_TYPES,
  BusinessBeneficiary,
  IndividualBeneficiary,
} from '@customers/external-accounts/account-info';
import { oneOfSchema } from '@customers/openapi/one-of-schema';
import {
  IsCountryCode,
  IsNestedObject,
  IsNestedOneOf,
  IsOmittable,
  IsPastDate,
  IsText,
} from '@customers/validation/field-validators';

/** Unlike a customer's address, a beneficiary's names its city and state: rails screen payees by them. */
export class BeneficiaryAddressDto extends AddressLinesDto {
  @ApiProperty({ example: 'Seattle', maxLength: 100 })
  @IsText(100)
  city: string;

  @ApiProperty({ example: 'WA', maxLength: 100 })
  @IsText(100)
  state: string;
}

/** The type shared by both beneficiaries; each narrows the enum in its own schema. */
class BeneficiaryTypeDto {
  @ApiProperty({ enum: BENEFICIARY_TYPES })
  @IsIn(BENEFICIARY_TYPES, { message: `must be one of ${BENEFICIARY_TYPES.join(', ')}` })
  beneficiaryType: (typeof BENEFICIARY_TYPES)[number];
}

/** The individual beneficiary; its schema keeps the name it had before businesses were accepted. */
export class BeneficiaryDto extends BeneficiaryTypeDto implements IndividualBeneficiary {
  @ApiProperty({ enum: ['INDIVIDUAL'] })
  override beneficiaryType: 'INDIVIDUAL';

  @ApiProperty({ example: 'Jane Doe', maxLength: 200 })
  @IsText(200)
  fullName: string;

  @ApiProperty({ example: '1990-01-15', format: 'date' })
  @IsPastDate()
  birthDate: string;

  @ApiProperty({ example: 'US', description: 'ISO 3166-1 alpha-2' })
  @IsCountryCode()
  nationality: string;

  @ApiProperty({ type: BeneficiaryAddressDto })
  @IsNestedObject(() => BeneficiaryAddressDto)
  address: BeneficiaryAddressDto;
}

export class BusinessBeneficiaryDto extends BeneficiaryTypeDto implements BusinessBeneficiary {
  @ApiProperty({ enum: ['BUSINESS'] })
  override beneficiaryType: 'BUSINESS';

  @ApiProperty({ example: 'Acme Corporation', maxLength: 200 })
  @IsText(200)
  legalName: string;

  @ApiPropertyOptional({ example: 'HRB 12345', maxLength: 100 })
  @IsOmittable()
  @IsText(100)
  registrationNumber?: string;

  @ApiPropertyOptional({ example: '12-3456789', maxLength: 100 })
  @IsOmittable()
  @IsText(100)
  taxId?: string;

  @ApiPropertyOptional({ type: BeneficiaryAddressDto })
  @IsOmittable()
  @IsNestedObject(() => BeneficiaryAddressDto)
  address?: BeneficiaryAddressDto;
}

export const BENEFICIARY_CLASSES = { INDIVIDUAL: BeneficiaryDto, BUSINESS: BusinessBeneficiaryDto };

/** OpenAPI schema of a beneficiary; the classes must be extra models where it is used. */
export const BENEFICIARY_SCHEMA = oneOfSchema('beneficiaryType', BENEFICIARY_CLASSES);

/**
 * A beneficiary, validated against the class its beneficiaryType names; any other type is judged as
 * an individual, as before businesses were accepted, so that every missing field is reported too.
 */
export const IsBeneficiary = () => IsNestedOneOf('beneficiaryType', BeneficiaryDto, BENEFICIARY_CLASSES);
