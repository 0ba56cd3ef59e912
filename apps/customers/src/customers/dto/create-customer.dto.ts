import { ApiProperty, IntersectionType } from '@nestjs/swagger';
import {
  BusinessCustomerFieldsDto,
  IndividualCustomerFieldsDto,
} from '@customers/customers/dto/customer-fields.dto';
import { IsText } from '@customers/validation/field-validators';

class PlatformCustomerIdDto {
  @ApiProperty({
    example: '9f84e0c2a72c4fa',
    maxLength: 255,
    description: "The platform's own id of the customer",
  })
  @IsText(255)
  platformCustomerId: string;
}

export class CreateIndividualCustomerDto extends IntersectionType(
  PlatformCustomerIdDto,
  IndividualCustomerFieldsDto,
) {}

export class CreateBusinessCustomerDto extends IntersectionType(
  PlatformCustomerIdDto,
  BusinessCustomerFieldsDto,
) {}

export type CreateCustomerDto = CreateIndividualCustomerDto | CreateBusinessCustomerDto;
