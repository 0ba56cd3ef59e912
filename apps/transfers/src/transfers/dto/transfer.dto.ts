import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsMinorUnits } from '@payments/http';
import {
  ExternalAccountReferenceDto,
  InternalAccountReferenceDto,
  NestedReference,
} from '@transfers/transfers/dto/account-reference.dto';

/** The largest amount the API takes (docs/api.md#limits), still exact as a JSON number. */
export const MAX_TRANSFER_AMOUNT = 9_000_000_000_000_000;

function TransferAmount(): PropertyDecorator {
  return applyDecorators(
    ApiProperty({
      type: 'integer',
      minimum: 1,
      maximum: MAX_TRANSFER_AMOUNT,
      description: 'Smallest unit of the currency',
    }),
    IsMinorUnits(1, MAX_TRANSFER_AMOUNT),
  );
}

export class TransferInDto {
  @NestedReference(ExternalAccountReferenceDto) source: ExternalAccountReferenceDto;
  @NestedReference(InternalAccountReferenceDto) destination: InternalAccountReferenceDto;
  @TransferAmount() amount: number;
}

export class TransferOutDto {
  @NestedReference(InternalAccountReferenceDto) source: InternalAccountReferenceDto;
  @NestedReference(ExternalAccountReferenceDto) destination: ExternalAccountReferenceDto;
  @TransferAmount() amount: number;
}
