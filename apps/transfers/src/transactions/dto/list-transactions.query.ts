import { ApiPropertyOptional } from '@nestjs/swagger';
import {
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  TransactionStatus,
  TransactionType,
} from '@payments/contracts';
import { SortedPageQueryDto, TimestampFilter } from '@payments/http';
import { IsIn, IsOptional, IsString } from 'class-validator';

export class ListTransactionsQuery extends SortedPageQueryDto {
  @ApiPropertyOptional({
    description: 'System id of the customer (sender of outgoing, recipient of incoming)',
  })
  @IsOptional()
  @IsString()
  customerId?: string;

  @ApiPropertyOptional({ description: "The platform's own id of that customer" })
  @IsOptional()
  @IsString()
  platformCustomerId?: string;

  @ApiPropertyOptional({ description: 'Id of the account the money comes from' })
  @IsOptional()
  @IsString()
  senderAccountIdentifier?: string;

  @ApiPropertyOptional({ description: 'Id of the account the money goes to' })
  @IsOptional()
  @IsString()
  receiverAccountIdentifier?: string;

  @ApiPropertyOptional({ enum: TRANSACTION_STATUSES })
  @IsOptional()
  @IsIn(TRANSACTION_STATUSES)
  status?: TransactionStatus;

  @ApiPropertyOptional({ enum: TRANSACTION_TYPES })
  @IsOptional()
  @IsIn(TRANSACTION_TYPES)
  type?: TransactionType;

  @ApiPropertyOptional({ description: 'The reconciliation reference' })
  @IsOptional()
  @IsString()
  reference?: string;

  /** Creation time, inclusive. */
  @TimestampFilter() startDate?: string;

  /** Creation time, inclusive. */
  @TimestampFilter() endDate?: string;
}
