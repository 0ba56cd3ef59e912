import { Environment, WebhookFormat } from '@payments/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';
import { UserInfoField } from '@customers/platforms/user-info-fields';

export const TRANSACTION_TYPES = ['INCOMING', 'OUTGOING'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export interface CounterpartyField {
  name: UserInfoField;
  mandatory: boolean;
}

/** One entry of `supportedCurrencies` as the platform set it; provider requirements are not stored. */
export interface CurrencyConfig {
  currencyCode: string;
  minAmount: number;
  maxAmount: number;
  requiredCounterpartyFields: CounterpartyField[];
  enabledTransactionTypes: TransactionType[];
}

/** Unique: the UMA endpoints find the platform and environment of a request by its host name. */
export const UMA_DOMAIN_UNIQUE = 'platform_configs_uma_domain_key';

/** A platform's settings in one environment; every platform has exactly one per environment. */
@Entity({ name: 'platform_configs' })
export class PlatformConfig {
  @PrimaryColumn('uuid')
  id: string;

  @Column('uuid', { name: 'platform_id' })
  platformId: string;

  @Column('text')
  environment: Environment;

  @Column('text', { name: 'uma_domain' })
  umaDomain: string;

  /** What the TXT record at `_grid-uma-verify.<umaDomain>` must read to prove the domain (docs/uma.md). */
  @Column('text', { name: 'uma_domain_token', default: () => "'grid-uma-verify=' || gen_random_uuid()" })
  umaDomainToken: string;

  /** When the current umaDomain was proven by its TXT record; null until then, and again once it changes. */
  @Column('timestamptz', { name: 'uma_domain_verified_at', nullable: true })
  umaDomainVerifiedAt: Date | null;

  /** The platform's host name under UMA_PROXY_DOMAIN, where its own domain forwards UMA requests. */
  @Column('text', { name: 'proxy_uma_subdomain' })
  proxyUmaSubdomain: string;

  @Column('text', { name: 'webhook_endpoint', nullable: true })
  webhookEndpoint: string | null;

  /** The body shape of the platform's webhooks in this environment (docs/api.md#webhook-formats). */
  @Column('text', { name: 'webhook_format', default: 'LEGACY' })
  webhookFormat: WebhookFormat;

  @Column('jsonb', { name: 'supported_currencies' })
  supportedCurrencies: CurrencyConfig[];

  @Column('boolean', { name: 'is_regulated_financial_institution', default: false })
  isRegulatedFinancialInstitution: boolean;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt: Date;

  @Column('timestamptz', { name: 'updated_at', default: () => 'now()' })
  updatedAt: Date;
}
