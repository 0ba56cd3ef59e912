import { Type } from 'class-transformer';
import { IsObject, IsOptional, IsString, Length } from 'class-validator';
import { IsMinorUnits } from '@payments/http';

/** What quoting asks a UMA receiver's lookup with (internal). */
export class UmaLookupDto {
  @IsString()
  @Length(3, 320)
  receiverUmaAddress: string;

  @IsOptional()
  @IsString()
  @Length(3, 320)
  senderUmaAddress?: string;
}

/** What quoting asks a UMA receiver to be paid (internal); lookupState is what the lookup answered. */
export class UmaPayRequestDto extends UmaLookupDto {
  @IsString()
  @Length(3, 3)
  currency: string;

  @Type(() => Number)
  @IsMinorUnits(1, Number.MAX_SAFE_INTEGER)
  amount: number;

  @IsObject()
  payerData: Record<string, unknown>;

  @IsObject()
  lookupState: Record<string, unknown>;
}
