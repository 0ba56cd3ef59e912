import { ArrayMaxSize, ArrayMinSize, IsArray, IsString, MaxLength } from 'class-validator';

/** The most transaction ids one call may ask about: the export's batch size. */
export const MAX_TRANSACTIONS_PER_CALL = 1000;

export class TransactionPostingsDto {
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_TRANSACTIONS_PER_CALL)
  @IsString({ each: true })
  @MaxLength(100, { each: true })
  transactionIds: string[];
}
