import { Controller, Get, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBasicAuth,
  ApiOkResponse,
  ApiOperation,
  ApiProperty,
  ApiPropertyOptional,
  ApiTags,
} from '@nestjs/swagger';
import { CurrencyView, Page } from '@payments/http';
import { Currency, currencyOf } from '@payments/money';
import { ListUmaProvidersQuery } from '@quoting/uma-providers/dto/list-uma-providers.query';
import { builtInUmaProviders, UmaProvider } from '@quoting/uma-providers/uma-provider-table';
import { listUmaProviders } from '@quoting/uma-providers/uma-providers';
import { UmaCounterparties } from '@quoting/uma/uma-counterparties';

class UmaProviderView {
  @ApiProperty({ example: 'Grid Sandbox' }) name: string;
  @ApiProperty({ example: 'sandbox.grid.uma.money' }) domain: string;
  @ApiProperty({ type: [String], example: ['MX', 'US'] }) supportedRegions: string[];
  @ApiProperty({ type: [CurrencyView] }) supportedCurrencies: Currency[];
  @ApiPropertyOptional({ nullable: true }) logoUrl: string | null;
  @ApiPropertyOptional({ nullable: true, description: 'Legal Entity Identifier' }) lei: string | null;
  @ApiProperty({ description: 'Whether the platform may pay this provider' }) allowListStatus: boolean;
}

class UmaProviderPage {
  @ApiProperty({ type: [UmaProviderView] }) data: UmaProviderView[];
  @ApiProperty() hasMore: boolean;
  @ApiPropertyOptional() nextCursor?: string;
  @ApiProperty({ type: 'integer' }) totalCount: number;
}

@ApiTags('UMA providers')
@ApiBasicAuth()
@Controller('uma-providers')
export class UmaProvidersController {
  private readonly table: UmaProvider[];

  constructor(counterparties: UmaCounterparties) {
    this.table = builtInUmaProviders(counterparties.sandboxUmaDomain);
  }

  @Get()
  @ApiOperation({ summary: 'The UMA providers this deployment can pay, newest first' })
  @ApiOkResponse({ type: UmaProviderPage })
  @ApiBadRequestResponse({ description: 'INVALID_INPUT: a bad filter, limit or cursor' })
  list(@Query() query: ListUmaProvidersQuery): Page<UmaProviderView> {
    const page = listUmaProviders(this.table, query);
    return {
      ...page,
      data: page.data.map((provider) => ({
        ...provider,
        supportedCurrencies: provider.supportedCurrencies.map(currencyOf),
      })),
    };
  }
}
