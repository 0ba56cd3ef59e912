import { IsOptional, IsString, Length, Matches } from 'class-validator';

/** Who an incoming payment is for (by UMA address or customer id) and in which currency. */
export class IncomingRecipientQuery {
  @IsOptional() @IsString() @Length(1, 255) receiverUmaAddress?: string;
  @IsOptional() @IsString() @Length(1, 255) customerId?: string;
  @Matches(/^[A-Z]{3}$/) currency: string;
}
