import { ApiPropertyOptional } from '@nestjs/swagger';
import { PageQueryDto, TimestampFilter } from '@payments/http';
import { IsOptional, IsString, MaxLength } from 'class-validator';

export class ListAuditLogQuery extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Only entries about this resource', example: 'FeeRule:…' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  resourceId?: string;

  @ApiPropertyOptional({ description: 'Only writes made with this token', example: 'Token:…' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  tokenId?: string;

  @TimestampFilter() createdAfter?: string;
  @TimestampFilter() createdBefore?: string;
}
