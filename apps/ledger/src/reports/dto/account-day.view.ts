import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** One internal account's UTC day, every amount in the currency's smallest unit. */
export class AccountDayView {
  @ApiProperty({ example: 'InternalAccount:019542f5-b3e7-1d02-0000-000000000002' }) accountId: string;
  @ApiPropertyOptional({ description: "The owning customer; absent for the platform's own accounts" })
  customerId?: string;
  @ApiPropertyOptional() platformCustomerId?: string;
  @ApiProperty({ example: 'USD' }) currency: string;
  @ApiProperty({ type: 'integer', description: 'Balance at 00:00 UTC' }) openingBalance: number;
  @ApiProperty({ type: 'integer', description: 'Money in during the day' }) credits: number;
  @ApiProperty({ type: 'integer', description: 'Money out during the day' }) debits: number;
  @ApiProperty({
    type: 'integer',
    description: "Fees taken from the account's postings that day (already within debits or credits)",
  })
  fees: number;
  @ApiProperty({ type: 'integer', description: 'openingBalance + credits - debits' }) closingBalance: number;
}

export class BalancesReportPage {
  @ApiProperty({ example: '2025-10-13' }) date: string;
  @ApiProperty({ type: [AccountDayView] }) data: AccountDayView[];
  @ApiProperty() hasMore: boolean;
  @ApiPropertyOptional() nextCursor?: string;
  @ApiProperty() totalCount: number;
}
