import { ApiProperty } from '@nestjs/swagger';
import { ACCOUNT_KINDS, AccountKind } from '@ledger/accounts/account.entity';
import { POSTING_KINDS, PostingKind } from '@ledger/postings/posting-rules';

export const ENTRY_DIRECTIONS = ['DEBIT', 'CREDIT'] as const;
export type EntryDirection = (typeof ENTRY_DIRECTIONS)[number];

/** One leg of a posting: what one account gave or got. */
export class LedgerEntryView {
  @ApiProperty({
    example: 'InternalAccount:019542f5-b3e7-1d02-0000-000000000002',
    description: "An internal account, or one of the ledger's own accounts (SystemAccount:<uuid>)",
  })
  accountId: string;
  @ApiProperty({
    enum: ACCOUNT_KINDS,
    description: "INTERNAL for the API's internal accounts; the others are the ledger's own, per currency",
  })
  accountKind: AccountKind;
  @ApiProperty({ enum: ENTRY_DIRECTIONS, description: 'DEBIT: money left the account; CREDIT: it entered' })
  direction: EntryDirection;
  @ApiProperty({ type: 'integer', description: 'Smallest unit of the currency, positive', example: 12550 })
  amount: number;
  @ApiProperty({ example: 'USD' }) currency: string;
}

/** One balanced movement of money: its debits and credits are equal. */
export class LedgerPostingView {
  @ApiProperty({
    example: '0b7d6c1e-2f43-4a4e-9a43-2f0c3c8e0d51',
    description: 'As listed in ledgerPostingIds of the transactions report',
  })
  id: string;
  @ApiProperty({ enum: POSTING_KINDS }) kind: PostingKind;
  @ApiProperty({ format: 'date-time' }) postedAt: string;
  @ApiProperty({ type: [LedgerEntryView] }) entries: LedgerEntryView[];
}

export class LedgerPostingList {
  @ApiProperty({ type: [LedgerPostingView], description: 'In the order they were posted' })
  data: LedgerPostingView[];
}
