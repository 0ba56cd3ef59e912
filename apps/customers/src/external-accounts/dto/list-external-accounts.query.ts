import { ApiPropertyOptional, IntersectionType } from '@nestjs/swagger';
import { SUPPORTED_CURRENCY_CODES } from '@payments/money';
import { PageQueryDto } from '@payments/http';
import { IsOptional } from 'class-validator';
import { IsCurrencyCode, IsResourceId } from '@customers/validation/field-validators';

/** GET /platform/external-accounts: the whole list, so no page parameters. */
export class ListPlatformExternalAccountsQuery {
  @ApiPropertyOptional({ enum: SUPPORTED_CURRENCY_CODES })
  @IsOptional()
  @IsCurrencyCode()
  currency?: string;
}

export class ListExternalAccountsQuery extends IntersectionType(
  PageQueryDto,
  ListPlatformExternalAccountsQuery,
) {
  @ApiPropertyOptional({ example: 'Customer:019542f5-b3e7-1d02-0000-000000000001' })
  @IsOptional()
  @IsResourceId('Customer')
  customerId?: string;
}
