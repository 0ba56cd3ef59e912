import { ApiPropertyOptional } from '@nestjs/swagger';
import { PageQueryDto, TimestampFilter } from '@payments/http';
import { IsOptional, IsString } from 'class-validator';

export class ListTokensQuery extends PageQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() name?: string;
  @TimestampFilter() createdAfter?: string;
  @TimestampFilter() createdBefore?: string;
  @TimestampFilter() updatedAfter?: string;
  @TimestampFilter() updatedBefore?: string;
}
