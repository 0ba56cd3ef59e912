import { ApiPropertyOptional } from '@nestjs/swagger';
import { CUSTOMER_TYPES, CustomerType } from '@payments/contracts';
import { PageQueryDto, TimestampFilter } from '@payments/http';
import { IsBoolean, IsIn, IsOptional, IsString } from 'class-validator';
import { ToBoolean, ToLowerCase } from '@customers/validation/field-validators';

export class ListCustomersQuery extends PageQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() platformCustomerId?: string;
  @ApiPropertyOptional({ enum: CUSTOMER_TYPES })
  @IsOptional()
  @IsIn(CUSTOMER_TYPES)
  customerType?: CustomerType;
  @ApiPropertyOptional({ description: 'Compared without case' })
  @IsOptional()
  @ToLowerCase()
  @IsString()
  umaAddress?: string;
  @TimestampFilter() createdAfter?: string;
  @TimestampFilter() createdBefore?: string;
  @TimestampFilter() updatedAfter?: string;
  @TimestampFilter() updatedBefore?: string;
  @ApiPropertyOptional({ default: false })
  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  isIncludingDeleted?: boolean;
}
