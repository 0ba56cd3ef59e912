import { ApiProperty } from '@nestjs/swagger';
import { IsUmaAddress, ToLowerCase } from '@customers/validation/field-validators';

export class ClaimInvitationDto {
  @ApiProperty({
    example: '$invitee@other.uma.local',
    description: 'The UMA address of whoever claims the invitation, at any UMA domain',
  })
  @ToLowerCase()
  @IsUmaAddress()
  inviteeUma: string;
}
