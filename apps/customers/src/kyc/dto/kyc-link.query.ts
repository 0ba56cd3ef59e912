import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsUrl } from 'class-validator';
import { IsOmittable, IsText } from '@customers/validation/field-validators';

export class KycLinkQuery {
  @ApiProperty({
    example: '9f84e0c2a72c4fa',
    maxLength: 255,
    description: "The platform's own id of the customer the page will create",
  })
  @IsText(255)
  platformCustomerId: string;

  @ApiPropertyOptional({
    example: 'https://app.example.com/onboarding/done',
    description: 'Where the end customer is redirected (303) after submitting the page',
  })
  @IsOmittable()
  @IsUrl(
    { require_tld: false, protocols: ['http', 'https'], require_protocol: true },
    { message: 'must be an http or https URL' },
  )
  redirectUri?: string;
}
