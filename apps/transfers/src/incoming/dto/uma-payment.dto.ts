import { SUPPORTED_CURRENCY_CODES } from '@payments/money';
import { IsBoolean, IsIn, IsObject, IsOptional, IsString, IsUUID, Length } from 'class-validator';
import { IsMinorUnits } from '@payments/http';
import { MAX_TRANSFER_AMOUNT } from '@transfers/transfers/dto/transfer.dto';

/** Internal: the incoming payment of a UMA peer's pay request the customers app accepted. */
export class UmaPaymentDto {
  @IsUUID()
  paymentId: string;

  @IsString()
  @Length(3, 320)
  senderUmaAddress: string;

  @IsString()
  @Length(1, 255)
  customerId: string;

  @IsIn(SUPPORTED_CURRENCY_CODES)
  currency: string;

  @IsMinorUnits(1, MAX_TRANSFER_AMOUNT)
  amount: number;

  /** The payer data the sender told, under the user-info field names. */
  @IsObject()
  counterpartyInformation: Record<string, string>;

  /** The sender is a platform of this deployment, whose side funds the payment (docs/uma.md). */
  @IsOptional()
  @IsBoolean()
  awaitsSenderFunding?: boolean;
}
