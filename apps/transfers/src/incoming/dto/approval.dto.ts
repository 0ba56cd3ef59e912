import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOmittable } from '@payments/http';
import { IsObject, IsString, Length } from 'class-validator';

/** docs/api.md#approvals: the recipient information the pending webhook asked for (requestedReceiverCustomerInfoFields). */
export class ApprovePaymentDto {
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'string' },
    description: 'User-info field names to values; every mandatory requested field is required',
    example: { FULL_NAME: 'Ada Lovelace', BIRTH_DATE: '1990-12-10' },
  })
  @IsOmittable()
  @IsObject()
  receiverCustomerInfo?: Record<string, unknown>;
}

export class RejectPaymentDto {
  @ApiPropertyOptional({ description: 'Why, for debugging or the platform’s own use' })
  @IsOmittable()
  @IsString()
  @Length(0, 500)
  reason?: string;
}
