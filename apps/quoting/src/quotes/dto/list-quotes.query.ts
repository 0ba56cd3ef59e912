import { ApiPropertyOptional } from '@nestjs/swagger';
import { PageQueryDto, TimestampFilter } from '@payments/http';
import { Transform, TransformFnParams } from 'class-transformer';
import { IsIn, IsOptional, IsString } from 'class-validator';
import { QUOTE_STATUSES, QuoteStatus } from '@quoting/quotes/quote.entity';

export class ListQuotesQuery extends PageQueryDto {
  @ApiPropertyOptional({ description: 'The sending customer' }) @IsOptional() @IsString() customerId?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() sendingAccountId?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() receivingAccountId?: string;
  /** UMA addresses are stored in lower case and compare without it. */
  @ApiPropertyOptional() @IsOptional() @IsString() @Transform(lowerCase) sendingUmaAddress?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @Transform(lowerCase) receivingUmaAddress?: string;
  @ApiPropertyOptional({ enum: QUOTE_STATUSES }) @IsOptional() @IsIn(QUOTE_STATUSES) status?: QuoteStatus;
  /** Creation time, inclusive. */
  @TimestampFilter() createdAfter?: string;
  /** Creation time, inclusive. */
  @TimestampFilter() createdBefore?: string;
}

function lowerCase({ value }: TransformFnParams): unknown {
  return typeof value === 'string' ? value.trim().toLowerCase() : value;
}
