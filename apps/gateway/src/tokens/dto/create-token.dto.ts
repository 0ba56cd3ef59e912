import { ApiProperty } from '@nestjs/swagger';
import { Permission, PERMISSIONS } from '@payments/contracts';
import { ArrayNotEmpty, ArrayUnique, IsArray, IsIn, IsString, Length } from 'class-validator';

export class CreateTokenDto {
  @ApiProperty({ example: 'Reporting service' })
  @IsString()
  @Length(1, 200)
  name: string;

  @ApiProperty({ enum: PERMISSIONS, isArray: true, example: ['VIEW'] })
  @IsArray()
  @ArrayNotEmpty()
  @ArrayUnique()
  @IsIn(PERMISSIONS, { each: true })
  permissions: Permission[];
}
