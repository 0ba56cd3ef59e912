import { ApiPropertyOptional } from '@nestjs/swagger';
import { PageQueryDto, TimestampFilter } from '@payments/http';
import { IsOptional, IsString } from 'class-validator';

export class ListTokensQuery extends PageQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() name?: string;
  /** How the console learns the permissions and environment of the token it signed in with. */
  @ApiPropertyOptional() @IsOptional() @IsString() clientId?: string;
  @TimestampFilter() createdAfter?: string;
  @TimestampFilter() createdBefore?: string;
  @TimestampFilter() updatedAfter?: string;
  @TimestampFilter() updatedBefore?: string;
}
