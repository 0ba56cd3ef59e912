import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOmittable, IsText } from '@customers/validation/field-validators';

export class PlaidCallbackDto {
  @ApiProperty({
    example: 'public-sandbox-12345678-1234-1234-1234-123456789012',
    maxLength: 500,
    description: "The public token Plaid Link gave the platform's front end",
  })
  @IsText(500)
  publicToken: string;

  @ApiPropertyOptional({
    example: 'plaid_account_id_123',
    maxLength: 200,
    description: 'Which of the linked accounts; the default account when absent',
  })
  @IsOmittable()
  @IsText(200)
  accountId?: string;
}
