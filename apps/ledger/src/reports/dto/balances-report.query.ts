import { ApiProperty } from '@nestjs/swagger';
import { PageQueryDto } from '@payments/http';
import { IsISO8601, Matches } from 'class-validator';

export class BalancesReportQuery extends PageQueryDto {
  @ApiProperty({ example: '2025-10-13', description: 'The UTC day reported' })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'date must be a day such as 2025-10-13' })
  @IsISO8601({ strict: true }, { message: 'date must be a real calendar day' })
  date: string;
}
