import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { BusinessInfo } from '@customers/customers/customer.entity';
import { IsOmittable, IsText } from '@customers/validation/field-validators';

export class BusinessInfoDto implements BusinessInfo {
  @ApiProperty({ example: 'Acme Corporation, Inc.', maxLength: 200 })
  @IsText(200)
  legalName: string;

  @ApiPropertyOptional({ example: 'BRN-123456789', maxLength: 100 })
  @IsOmittable()
  @IsText(100)
  registrationNumber?: string;

  @ApiPropertyOptional({ example: 'EIN-987654321', maxLength: 100 })
  @IsOmittable()
  @IsText(100)
  taxId?: string;
}
