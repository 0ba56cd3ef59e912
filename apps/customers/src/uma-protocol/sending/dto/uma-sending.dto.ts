import { Type } from 'class-transformer';
import { IsInt, IsObject, IsOptional, IsString, Length, Max, Min } from 'class-validator';

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
  @IsInt()
  @Min(1)
  @Max(Number.MAX_SAFE_INTEGER)
  amount: number;

  @IsObject()
  payerData: Record<string, unknown>;

  @IsObject()
  lookupState: Record<string, unknown>;
}
