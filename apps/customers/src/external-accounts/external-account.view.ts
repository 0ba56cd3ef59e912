import { ApiExtraModels, ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { toApiId } from '@payments/contracts';
import {
  AccountInfo,
  AccountType,
  isPullCapable,
  primaryIdentifierOf,
} from '@customers/external-accounts/account-info';
import {
  BENEFICIARY_VERIFICATION_STATUSES,
  BeneficiaryVerificationStatus,
} from '@customers/external-accounts/beneficiary-verification';
import { ACCOUNT_INFO_CLASSES, ACCOUNT_INFO_SCHEMA } from '@customers/external-accounts/dto/account-info.dto';
import {
  EXTERNAL_ACCOUNT_STATUSES,
  ExternalAccount,
  ExternalAccountStatus,
} from '@customers/external-accounts/external-account.entity';

export class BeneficiaryVerifiedDataView {
  @ApiProperty({ example: 'Jane Doe' }) fullName: string;
}

@ApiExtraModels(...Object.values(ACCOUNT_INFO_CLASSES))
export class ExternalAccountView {
  @ApiProperty({ example: 'ExternalAccount:e85dcbd6-dced-4ec4-b756-3c3a9ea3d965' }) id: string;
  @ApiProperty({ enum: EXTERNAL_ACCOUNT_STATUSES }) status: ExternalAccountStatus;
  @ApiProperty({ example: 'USD' }) currency: string;
  @ApiProperty(ACCOUNT_INFO_SCHEMA) accountInfo: AccountInfo;
  @ApiProperty({
    type: String,
    nullable: true,
    example: 'Customer:019542f5-b3e7-1d02-0000-000000000001',
    description: "null for the platform's own accounts",
  })
  customerId: string | null;
  @ApiPropertyOptional({ example: 'ext_acc_123456' }) platformAccountId?: string;
  @ApiProperty() defaultUmaDepositAccount: boolean;
  @ApiProperty({
    enum: BENEFICIARY_VERIFICATION_STATUSES,
    description:
      "Sandbox name check against the customer's name on file; CHECKED_BY_RECEIVING_FI for the platform's own bank accounts, UNSUPPORTED for wallets, PENDING while a linked account is",
  })
  beneficiaryVerificationStatus: BeneficiaryVerificationStatus;
  @ApiPropertyOptional({
    type: BeneficiaryVerifiedDataView,
    description: 'The holder name the rail reported',
  })
  beneficiaryVerifiedData?: BeneficiaryVerifiedDataView;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}

export class ExternalAccountPage {
  @ApiProperty({ type: [ExternalAccountView] }) data: ExternalAccountView[];
  @ApiProperty() hasMore: boolean;
  @ApiPropertyOptional() nextCursor?: string;
  @ApiProperty({ type: 'integer' }) totalCount: number;
}

/** What other apps of the service read about an account (GET /internal/external-accounts/:accountId). */
export interface InternalExternalAccountView extends ExternalAccountView {
  accountType: AccountType;
  /** Account number, CLABE, IBAN, PIX key, VPA or wallet address: what the rail pays to. */
  primaryIdentifier: string;
  /** Whether the service can pull money from it (transfer-in). */
  pullCapable: boolean;
}

/** Fields the account lacks are left out, except customerId, which is null for the platform's own. */
export function presentExternalAccount(account: ExternalAccount): ExternalAccountView {
  return {
    id: toApiId('ExternalAccount', account.id),
    status: account.status,
    currency: account.currency,
    accountInfo: account.accountInfo,
    customerId: account.customerId === null ? null : toApiId('Customer', account.customerId),
    platformAccountId: account.platformAccountId ?? undefined,
    defaultUmaDepositAccount: account.defaultUmaDepositAccount,
    beneficiaryVerificationStatus: account.beneficiaryVerificationStatus,
    beneficiaryVerifiedData:
      account.beneficiaryVerifiedName === null ? undefined : { fullName: account.beneficiaryVerifiedName },
    createdAt: account.createdAt.toISOString(),
    updatedAt: account.updatedAt.toISOString(),
  };
}

export function presentInternalExternalAccount(account: ExternalAccount): InternalExternalAccountView {
  return {
    ...presentExternalAccount(account),
    accountType: account.accountInfo.accountType,
    primaryIdentifier: primaryIdentifierOf(account.accountInfo),
    pullCapable: isPullCapable(account.accountInfo),
  };
}
