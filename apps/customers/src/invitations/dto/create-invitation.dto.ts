import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ValidateBy } from 'class-validator';
import { IsMinorUnits } from '@payments/http';
import {
  IsCurrencyCode,
  IsOmittable,
  IsText,
  IsUmaAddress,
  ToLowerCase,
} from '@customers/validation/field-validators';

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** An ISO 8601 date-time with its offset, later than now: an invitation cannot be born expired. */
export function isFutureDateTime(value: unknown, now = new Date()): boolean {
  return typeof value === 'string' && DATE_TIME.test(value) && Date.parse(value) > now.getTime();
}

const IsFutureDateTime = () =>
  ValidateBy({
    name: 'isFutureDateTime',
    validator: {
      validate: (value) => isFutureDateTime(value),
      defaultMessage: () =>
        'must be a future ISO 8601 date-time with its offset, such as 2030-01-01T00:00:00Z',
    },
  });

export class CreateInvitationDto {
  @ApiProperty({
    example: '$inviter@acme.uma.local',
    description: "The UMA address of the platform's customer who invites; compared without case",
  })
  @ToLowerCase()
  @IsUmaAddress()
  inviterUma: string;

  @ApiPropertyOptional({
    example: 'Alice',
    maxLength: 255,
    description: 'First name shown with the invitation',
  })
  @IsOmittable()
  @IsText(255)
  firstName?: string;

  @ApiPropertyOptional({
    type: 'integer',
    example: 12_550,
    description:
      'What the inviter means to send the invitee once claimed, in minor units of amountToSendCurrency; ' +
      'for display: the platform pays it after the INVITATION_CLAIMED webhook',
  })
  @IsOmittable()
  @IsMinorUnits(1, Number.MAX_SAFE_INTEGER)
  amountToSend?: number;

  @ApiPropertyOptional({
    example: 'USD',
    description:
      "Currency of amountToSend, one of the platform's supportedCurrencies (this service's addition); " +
      'defaults to the first of them',
  })
  @IsOmittable()
  @IsCurrencyCode()
  amountToSendCurrency?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'When the invitation expires; never when absent' })
  @IsOmittable()
  @IsFutureDateTime()
  expiresAt?: string;
}
