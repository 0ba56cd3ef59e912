import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsObject, ValidateNested } from 'class-validator';
import { Type } from 'class-transformer';
import { BeneficialOwnerDto } from '@customers/customers/dto/beneficial-owner.dto';
import { BusinessInfoDto } from '@customers/customers/dto/business-info.dto';
import { PostalAddressDto } from '@customers/customers/dto/postal-address.dto';
import {
  IsCountryCode,
  IsEmailAddress,
  IsList,
  IsNestedObject,
  IsOmittable,
  IsPastDate,
  IsPhoneNumber,
  IsText,
  IsUmaAddress,
  ToLowerCase,
} from '@customers/validation/field-validators';

/**
 * Fields of both customer types. Every field may be set at creation and changed by PATCH; which ones
 * are mandatory depends on the platform's currencies (providerRequiredCustomerFields).
 */
class CommonCustomerFieldsDto {
  @ApiPropertyOptional({
    example: '$jane.doe@acme.uma.local',
    description:
      'Compared without case and stored lower-case; generated as $<handle>@<umaDomain> when absent at creation',
  })
  @IsOmittable()
  @ToLowerCase()
  @IsUmaAddress()
  umaAddress?: string;

  @ApiPropertyOptional({ example: 'jane.doe@example.com' })
  @IsOmittable()
  @IsEmailAddress()
  email?: string;

  @ApiPropertyOptional({ example: '+14155551234', description: 'E.164' })
  @IsOmittable()
  @IsPhoneNumber()
  phoneNumber?: string;

  @ApiPropertyOptional({ type: PostalAddressDto })
  @IsOmittable()
  @IsNestedObject(() => PostalAddressDto)
  address?: PostalAddressDto;

  @ApiPropertyOptional({ example: 'Migrated from the legacy ledger', maxLength: 1000 })
  @IsOmittable()
  @IsText(1000)
  description?: string;
}

/** The body of PATCH for an individual; also the fields of one at creation. */
export class IndividualCustomerFieldsDto extends CommonCustomerFieldsDto {
  @ApiProperty({ enum: ['INDIVIDUAL'] })
  @IsIn(['INDIVIDUAL'])
  customerType: 'INDIVIDUAL';

  @ApiPropertyOptional({ example: 'Jane Doe', maxLength: 200 })
  @IsOmittable()
  @IsText(200)
  fullName?: string;

  @ApiPropertyOptional({ example: '1990-01-15', format: 'date' })
  @IsOmittable()
  @IsPastDate()
  birthDate?: string;

  @ApiPropertyOptional({ example: 'US', description: 'ISO 3166-1 alpha-2' })
  @IsOmittable()
  @IsCountryCode()
  nationality?: string;
}

/** The body of PATCH for a business; also the fields of one at creation. */
export class BusinessCustomerFieldsDto extends CommonCustomerFieldsDto {
  @ApiProperty({ enum: ['BUSINESS'] })
  @IsIn(['BUSINESS'])
  customerType: 'BUSINESS';

  @ApiPropertyOptional({ type: BusinessInfoDto })
  @IsOmittable()
  @IsNestedObject(() => BusinessInfoDto)
  businessInfo?: BusinessInfoDto;

  @ApiPropertyOptional({ type: [BeneficialOwnerDto] })
  @IsOmittable()
  @IsList({ maxSize: 50 })
  @IsObject({ each: true })
  @ValidateNested({ each: true })
  @Type(() => BeneficialOwnerDto)
  beneficialOwners?: BeneficialOwnerDto[];
}

export type CustomerFieldsDto = IndividualCustomerFieldsDto | BusinessCustomerFieldsDto;
