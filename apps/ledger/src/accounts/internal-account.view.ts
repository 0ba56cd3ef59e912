import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { CurrencyAmountView } from '@payments/http';

/** How to pay into an account from outside: a bank transfer to the settlement bank quoting its reference. */
export class FundingPaymentInstructionView {
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string' },
    example: {
      accountType: 'US_ACCOUNT',
      reference: 'FUND-3F9A0C1D2B7E6A13',
      accountNumber: '000123456789',
      routingNumber: '021000021',
      bankName: 'Sandbox Settlement Bank',
      accountHolderName: 'Payments Service FBO',
    },
  })
  accountOrWalletInfo: Record<string, string>;
  @ApiProperty({ example: 'Send USD by bank transfer and quote reference FUND-3F9A0C1D2B7E6A13.' })
  instructionsNotes: string;
  @ApiProperty({ description: "Whether the account is the platform's own" }) isPlatformAccount: boolean;
}

/**
 * An internal account as the public API shows it (docs/openapi.json); the transfers app answers
 * sandbox funding with it too, by this schema's name.
 */
export class InternalAccountView {
  @ApiProperty({ example: 'InternalAccount:019542f5-b3e7-1d02-0000-000000000002' }) id: string;
  @ApiProperty({ type: CurrencyAmountView }) balance: CurrencyAmountView;
  @ApiProperty({ type: [FundingPaymentInstructionView] })
  fundingPaymentInstructions: FundingPaymentInstructionView[];
  @ApiPropertyOptional({
    example: 'Customer:019542f5-b3e7-1d02-0000-000000000001',
    description: "The owning customer; absent for the platform's own accounts",
  })
  customerId?: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}

export class InternalAccountPage {
  @ApiProperty({ type: [InternalAccountView] }) data: InternalAccountView[];
  @ApiProperty() hasMore: boolean;
  @ApiPropertyOptional() nextCursor?: string;
  @ApiProperty() totalCount: number;
}
