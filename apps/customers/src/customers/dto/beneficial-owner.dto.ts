import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsNumber, Max, Min } from 'class-validator';
import {
  BENEFICIAL_OWNER_TYPES,
  BeneficialOwner,
  BeneficialOwnerType,
} from '@customers/customers/customer.entity';
import { PostalAddressDto } from '@customers/customers/dto/postal-address.dto';
import {
  IsCountryCode,
  IsEmailAddress,
  IsNestedObject,
  IsOmittable,
  IsPastDate,
  IsPhoneNumber,
  IsText,
} from '@customers/validation/field-validators';

export class BeneficialOwnerDto implements BeneficialOwner {
  @ApiProperty({ example: 'John Michael Doe', maxLength: 200 })
  @IsText(200)
  fullName: string;

  @ApiProperty({ enum: BENEFICIAL_OWNER_TYPES, example: 'DIRECTOR' })
  @IsIn(BENEFICIAL_OWNER_TYPES)
  individualType: BeneficialOwnerType;

  @ApiPropertyOptional({ example: 'john.doe@acme.com' })
  @IsOmittable()
  @IsEmailAddress()
  emailAddress?: string;

  @ApiPropertyOptional({ example: '+14155551234' })
  @IsOmittable()
  @IsPhoneNumber()
  phoneNumber?: string;

  @ApiPropertyOptional({ example: '123-45-6789', maxLength: 100 })
  @IsOmittable()
  @IsText(100)
  taxId?: string;

  @ApiPropertyOptional({ example: '1980-04-12', format: 'date' })
  @IsOmittable()
  @IsPastDate()
  birthDate?: string;

  @ApiPropertyOptional({ example: 'US' })
  @IsOmittable()
  @IsCountryCode()
  nationality?: string;

  @ApiPropertyOptional({ type: PostalAddressDto })
  @IsOmittable()
  @IsNestedObject(() => PostalAddressDto)
  address?: PostalAddressDto;

  @ApiPropertyOptional({ example: 25, minimum: 0, maximum: 100 })
  @IsOmittable()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(100)
  percentageOwnership?: number;

  @ApiPropertyOptional({ example: 'CEO', maxLength: 100 })
  @IsOmittable()
  @IsText(100)
  title?: string;
}
