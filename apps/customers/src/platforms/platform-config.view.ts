import { toApiId, WEBHOOK_FORMATS, WebhookFormat } from '@payments/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { CounterpartyFieldDto } from '@customers/platforms/dto/update-platform-config.dto';
import {
  CounterpartyField,
  PlatformConfig,
  TRANSACTION_TYPES,
  TransactionType,
} from '@customers/platforms/platform-config.entity';
import { WebhookKeys } from '@customers/platforms/webhook-signing-key.client';
import { providerRequirements } from '@customers/platforms/provider-requirements';
import { UmaDomainVerificationView } from '@customers/platforms/uma-domains/uma-domain-rules';
import { USER_INFO_FIELDS, UserInfoField } from '@customers/platforms/user-info-fields';

export class SupportedCurrencyView {
  @ApiProperty({ example: 'USD' }) currencyCode: string;
  @ApiProperty({ type: 'integer', example: 1 }) minAmount: number;
  @ApiProperty({ type: 'integer', example: 100_000_000 }) maxAmount: number;
  @ApiProperty({ type: [CounterpartyFieldDto] }) requiredCounterpartyFields: CounterpartyField[];
  @ApiProperty({ enum: TRANSACTION_TYPES, isArray: true }) enabledTransactionTypes: TransactionType[];

  @ApiProperty({
    enum: USER_INFO_FIELDS,
    isArray: true,
    description: "The provider's requirements for the platform's customers",
  })
  providerRequiredCustomerFields: UserInfoField[];

  @ApiProperty({
    enum: USER_INFO_FIELDS,
    isArray: true,
    description: "The provider's requirements for counterparties",
  })
  providerRequiredCounterpartyCustomerFields: UserInfoField[];
}

export class PlatformConfigView {
  @ApiProperty({ example: 'PlatformConfig:0b7d6c1e-2f43-4a4e-9a43-2f0c3c8e0d51' }) id: string;
  @ApiProperty({ example: 'acme.uma.local' }) umaDomain: string;
  @ApiProperty({
    example: 'acme',
    description: 'Host name under the service UMA proxy domain that the umaDomain forwards to',
  })
  proxyUmaSubdomain: string;
  @ApiPropertyOptional({ example: 'https://api.acme.com/webhooks' }) webhookEndpoint?: string;
  @ApiProperty({
    enum: WEBHOOK_FORMATS,
    example: 'LEGACY',
    description: "The body shape of the platform's webhooks (docs/api.md#webhook-formats)",
  })
  webhookFormat: WebhookFormat;
  @ApiProperty({ type: [SupportedCurrencyView] }) supportedCurrencies: SupportedCurrencyView[];
  @ApiProperty({ example: false }) isRegulatedFinancialInstitution: boolean;
  @ApiProperty({
    description:
      "PEM public key (ECDSA P-256) that verifies the X-Grid-Signature of this platform's webhooks in this environment",
  })
  webhookPublicKey: string;
  @ApiPropertyOptional({
    description:
      'During a signing key rotation: PEM public key that verifies X-Grid-Signature-Next, and X-Grid-Signature once webhookKeyOverlapEndsAt has passed',
  })
  webhookNextPublicKey?: string;
  @ApiPropertyOptional({
    format: 'date-time',
    description: 'During a rotation: when the next key replaces webhookPublicKey',
  })
  webhookKeyOverlapEndsAt?: string;
  @ApiProperty({
    type: UmaDomainVerificationView,
    description: 'How the platform proves its umaDomain (a TXT record), and whether it has (docs/uma.md)',
  })
  umaDomainVerification: UmaDomainVerificationView;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
}

export function presentPlatformConfig(
  config: PlatformConfig,
  webhookKeys: WebhookKeys,
  umaDomainVerification: UmaDomainVerificationView,
): PlatformConfigView {
  return {
    id: toApiId('PlatformConfig', config.id),
    umaDomain: config.umaDomain,
    umaDomainVerification,
    proxyUmaSubdomain: config.proxyUmaSubdomain,
    webhookEndpoint: config.webhookEndpoint ?? undefined,
    webhookFormat: config.webhookFormat,
    supportedCurrencies: config.supportedCurrencies.map((currency) => {
      const requirements = providerRequirements(currency.currencyCode);
      return {
        currencyCode: currency.currencyCode,
        minAmount: currency.minAmount,
        maxAmount: currency.maxAmount,
        requiredCounterpartyFields: currency.requiredCounterpartyFields,
        enabledTransactionTypes: currency.enabledTransactionTypes,
        providerRequiredCustomerFields: requirements.customerFields,
        providerRequiredCounterpartyCustomerFields: requirements.counterpartyCustomerFields,
      };
    }),
    isRegulatedFinancialInstitution: config.isRegulatedFinancialInstitution,
    ...webhookKeys,
    createdAt: config.createdAt.toISOString(),
    updatedAt: config.updatedAt.toISOString(),
  };
}
