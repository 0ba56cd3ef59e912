import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOmittable } from '@payments/http';
import { IsBoolean } from 'class-validator';

export class RotateSigningKeyDto {
  @ApiPropertyOptional({
    default: false,
    description:
      'Retire the current key at once instead of after the overlap (a compromised key): webhooks are signed with the new key only, from now on',
  })
  @IsOmittable()
  @IsBoolean()
  immediate?: boolean;
}
