import { SUPPORTED_CURRENCY_CODES } from '@payments/money';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsObject,
  IsNotEmpty,
  IsOptional,
  IsString,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { IsMinorUnits } from '@payments/http';
import { POSTING_KINDS, PostingKind } from '@ledger/postings/posting-rules';

/** The largest amount one posting moves: the largest lockedCurrencyAmount (docs/api.md#limits). */
export const MAX_POSTING_AMOUNT = 9_000_000_000_000_000;

export class CreatePostingDto {
  /** The transaction that causes the posting; with `kind`, the key that makes a retry harmless. */
  @IsString() @IsNotEmpty() @MaxLength(255) transactionId: string;

  @IsIn(POSTING_KINDS) kind: PostingKind;

  /** `InternalAccount:<uuid>` of the caller's platform and environment. */
  @IsString() accountId: string;

  /** Minor units; below 2^53, so the JSON number is exact. */
  @IsMinorUnits(1, MAX_POSTING_AMOUNT) amount: number;

  @IsIn(SUPPORTED_CURRENCY_CODES) currency: string;

  /** SETTLE or DEPOSIT: the part of `amount` that goes to the platform's fee account. */
  @IsOptional() @IsMinorUnits(0, MAX_POSTING_AMOUNT) platformFee?: number;

  /** SETTLE or DEPOSIT: the part of `amount` that goes to the service's fee account. */
  @IsOptional() @IsMinorUnits(0, MAX_POSTING_AMOUNT) serviceFee?: number;
}

/** Postings per batch: a settlement worker's batch fits, and one transaction stays short. */
export const MAX_BATCH_POSTINGS = 500;

/** Postings applied in their order in one database transaction, each accepted or refused on its own. */
export class CreatePostingsDto {
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_BATCH_POSTINGS)
  @IsObject({ each: true })
  @ValidateNested({ each: true })
  @Type(() => CreatePostingDto)
  postings: CreatePostingDto[];
}
