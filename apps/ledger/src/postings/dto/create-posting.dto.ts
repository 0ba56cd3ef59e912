import { SUPPORTED_CURRENCY_CODES } from '@payments/money';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { POSTING_KINDS, PostingKind } from '@ledger/postings/posting-rules';

/** The largest amount one posting moves: the largest lockedCurrencyAmount (interface.md part 8). */
export const MAX_POSTING_AMOUNT = 9_000_000_000_000_000;

export class CreatePostingDto {
  /** The transaction that causes the posting; with `kind`, the key that makes a retry harmless. */
  @IsString() @IsNotEmpty() @MaxLength(255) transactionId: string;

  @IsIn(POSTING_KINDS) kind: PostingKind;

  /** `InternalAccount:<uuid>` of the caller's platform and environment. */
  @IsString() accountId: string;

  /** Minor units; below 2^53, so the JSON number is exact. */
  @IsInt() @Min(1) @Max(MAX_POSTING_AMOUNT) amount: number;

  @IsIn(SUPPORTED_CURRENCY_CODES) currency: string;

  /** SETTLE or DEPOSIT: the part of `amount` that goes to the platform's fee account. */
  @IsOptional() @IsInt() @Min(0) @Max(MAX_POSTING_AMOUNT) platformFee?: number;

  /** SETTLE or DEPOSIT: the part of `amount` that goes to the service's fee account. */
  @IsOptional() @IsInt() @Min(0) @Max(MAX_POSTING_AMOUNT) serviceFee?: number;
}
