import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsTimestamp } from '@payments/http';
import { IsIn, IsOptional } from 'class-validator';

export const EXPORT_FORMATS = ['csv', 'jsonl'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export class TransactionsExportQuery {
  @ApiProperty({ format: 'date-time', description: 'Start of the window, inclusive' })
  @IsTimestamp()
  startDate: string;

  @ApiProperty({
    format: 'date-time',
    description: 'End of the window, exclusive; at most 31 days after startDate',
  })
  @IsTimestamp()
  endDate: string;

  @ApiPropertyOptional({ enum: EXPORT_FORMATS, default: 'csv' })
  @IsOptional()
  @IsIn(EXPORT_FORMATS)
  format?: ExportFormat;
}
