import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { SUPPORTED_CURRENCY_CODES } from '@payments/money';
import { IsIn, IsNotEmpty, IsString, Length } from 'class-validator';
import { IsMinorUnits, RequiredWhen } from '@payments/http';
import { MAX_TRANSFER_AMOUNT } from '@transfers/transfers/dto/transfer.dto';

/** docs/api.md#sandbox: a simulated payment from a sandbox UMA sender to a customer, named one of two ways. */
export class SandboxReceiveDto {
  @ApiProperty({ example: '$sam@sandbox.grid.uma.money', description: 'A UMA address at SANDBOX_UMA_DOMAIN' })
  @IsString()
  @Length(3, 320)
  senderUmaAddress: string;

  @ApiProperty({ enum: SUPPORTED_CURRENCY_CODES })
  @IsIn(SUPPORTED_CURRENCY_CODES)
  receivingCurrencyCode: string;

  @ApiProperty({ type: 'integer', minimum: 1, maximum: MAX_TRANSFER_AMOUNT, description: 'Smallest unit' })
  @IsMinorUnits(1, MAX_TRANSFER_AMOUNT)
  receivingCurrencyAmount: number;

  @ApiPropertyOptional({ description: "The recipient's UMA address; optional if customerId is given" })
  @RequiredWhen((body: SandboxReceiveDto) => body.customerId === undefined)
  @IsString()
  @IsNotEmpty()
  @Length(1, 320)
  receiverUmaAddress?: string;

  @ApiPropertyOptional({ description: 'The recipient; optional if receiverUmaAddress is given' })
  @RequiredWhen((body: SandboxReceiveDto) => body.receiverUmaAddress === undefined)
  @IsString()
  @IsNotEmpty()
  @Length(1, 255)
  customerId?: string;
}
