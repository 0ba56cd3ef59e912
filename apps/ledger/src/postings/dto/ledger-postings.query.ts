import { ApiProperty } from '@nestjs/swagger';
import { IsApiIdOf } from '@payments/http';

export class LedgerPostingsQuery {
  @ApiProperty({
    example: 'Transaction:019542f5-b3e7-1d02-0000-000000000004',
    description: 'The transaction whose postings are listed',
  })
  @IsApiIdOf('Transaction')
  transactionId: string;
}
