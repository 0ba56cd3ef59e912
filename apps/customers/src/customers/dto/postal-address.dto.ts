import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PostalAddress } from '@customers/customers/customer.entity';
import { IsCountryCode, IsOmittable, IsText } from '@customers/validation/field-validators';

/** What every address this service takes has; whether city and state are required depends on its use. */
export class AddressLinesDto {
  @ApiProperty({ example: '123 Main Street', maxLength: 200 })
  @IsText(200)
  line1: string;

  @ApiPropertyOptional({ example: 'Suite 400', maxLength: 200 })
  @IsOmittable()
  @IsText(200)
  line2?: string;

  @ApiProperty({ example: '98101', maxLength: 20 })
  @IsText(20)
  postalCode: string;

  @ApiProperty({ example: 'US', description: 'ISO 3166-1 alpha-2' })
  @IsCountryCode()
  country: string;
}

export class PostalAddressDto extends AddressLinesDto implements PostalAddress {
  @ApiPropertyOptional({ example: 'Seattle', maxLength: 100 })
  @IsOmittable()
  @IsText(100)
  city?: string;

  @ApiPropertyOptional({ example: 'WA', maxLength: 100 })
  @IsOmittable()
  @IsText(100)
  state?: string;
}
