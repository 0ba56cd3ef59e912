import { ApiProperty } from '@nestjs/swagger';
import { IsString } from 'class-validator';

export class CreateLinkTokenDto {
  @ApiProperty({
    example: 'Customer:019542f5-b3e7-1d02-0000-000000000001',
    description: 'The live customer who links a bank account',
  })
  @IsString()
  customerId: string;
}
