import { ApiPropertyOptional } from '@nestjs/swagger';
import { PageQueryDto } from '@payments/http';
import { SUPPORTED_CURRENCY_CODES } from '@payments/money';
import { IsIn, IsOptional, IsString } from 'class-validator';

export class ListInternalAccountsQuery extends PageQueryDto {
  @ApiPropertyOptional({ description: 'System id of the owning customer' })
  @IsOptional()
  @IsString()
  customerId?: string;

  @ApiPropertyOptional({ enum: SUPPORTED_CURRENCY_CODES })
  @IsOptional()
  @IsIn(SUPPORTED_CURRENCY_CODES)
  currency?: string;
}

export class ListPlatformInternalAccountsQuery {
  @ApiPropertyOptional({ enum: SUPPORTED_CURRENCY_CODES })
  @IsOptional()
  @IsIn(SUPPORTED_CURRENCY_CODES)
  currency?: string;
}
