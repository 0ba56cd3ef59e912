import { ApiPropertyOptional } from '@nestjs/swagger';
import { SortedPageQueryDto } from '@payments/http';
import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional, IsString, Matches } from 'class-validator';

export class ListUmaProvidersQuery extends SortedPageQueryDto {
  @ApiPropertyOptional({
    description: 'ISO 3166-1 alpha-2 code of a region the provider serves',
    example: 'MX',
  })
  @IsOptional()
  @Matches(/^[A-Z]{2}$/, { message: 'countryCode must be an ISO 3166-1 alpha-2 code' })
  countryCode?: string;

  @ApiPropertyOptional({ description: 'ISO 4217 code of a currency the provider supports', example: 'MXN' })
  @IsOptional()
  @IsString()
  @Matches(/^[A-Z]{3}$/, { message: 'currencyCode must be an ISO 4217 code' })
  currencyCode?: string;

  @ApiPropertyOptional({ default: true, description: 'false leaves out providers not on the allow list' })
  @IsOptional()
  @Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean()
  hasBlockedProviders?: boolean;
}
