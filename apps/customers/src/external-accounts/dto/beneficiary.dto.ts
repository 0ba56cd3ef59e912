import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { AddressLinesDto } from '@customers/customers/dto/postal-address.dto';
import { Beneficiary } from '@customers/external-accounts/account-info';
import { IsCountryCode, IsNestedObject, IsPastDate, IsText } from '@customers/validation/field-validators';

/** Unlike a customer's address, a beneficiary's names its city and state: rails screen payees by them. */
export class BeneficiaryAddressDto extends AddressLinesDto {
  @ApiProperty({ example: 'Seattle', maxLength: 100 })
  @IsText(100)
  city: string;

  @ApiProperty({ example: 'WA', maxLength: 100 })
  @IsText(100)
  state: string;
}

export class BeneficiaryDto implements Beneficiary {
  @ApiProperty({ enum: ['INDIVIDUAL'] })
  @IsIn(['INDIVIDUAL'])
  beneficiaryType: 'INDIVIDUAL';

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
