import { AuditChanges1766200000000, SchemaOptions } from '@payments/persistence';
import { Customer } from '@customers/customers/customer.entity';
import { ExternalAccount } from '@customers/external-accounts/external-account.entity';
import { CustomersInitial1763800000000 } from '@customers/migrations/1763800000000-customers-initial';
import { ExternalAccounts1763900000000 } from '@customers/migrations/1763900000000-external-accounts';
import { Onboarding1764100000000 } from '@customers/migrations/1764100000000-onboarding';
import { RowChangeAnnouncements1764200000000 } from '@customers/migrations/1764200000000-row-change-announcements';
import { ExternalAccountAnnouncements1764300000000 } from '@customers/migrations/1764300000000-external-account-announcements';
import { UnstorableTextRepair1764400000000 } from '@customers/migrations/1764400000000-unstorable-text-repair';
import { Parking1764500000000 } from '@customers/migrations/1764500000000-parking';
import { Invitations1764820000000 } from '@customers/migrations/1764820000000-invitations';
import { UmaKeys1764830000001 } from '@customers/migrations/1764830000001-uma-keys';
import { ListIndexes1765000000000 } from '@customers/migrations/1765000000000-list-indexes';
import { CustomerCounts1765000000001 } from '@customers/migrations/1765000000001-customer-counts';
import { ExternalAccountCounts1765000000002 } from '@customers/migrations/1765000000002-external-account-counts';
import { CreationOrder1765000000003 } from '@customers/migrations/1765000000003-creation-order';
import { UmaDomainVerification1765000000004 } from '@customers/migrations/1765000000004-uma-domain-verification';
import { WebhookFormat1766300000000 } from '@customers/migrations/1766300000000-webhook-format';
import { Invitation } from '@customers/invitations/invitation.entity';
import { KycLink } from '@customers/kyc/kyc-link.entity';
import { LinkToken } from '@customers/plaid/link-token.entity';
import { PlatformConfig } from '@customers/platforms/platform-config.entity';
import { Platform } from '@customers/platforms/platform.entity';

export const CUSTOMERS_ENTITIES = [
  Platform,
  PlatformConfig,
  Customer,
  ExternalAccount,
  LinkToken,
  KycLink,
  Invitation,
];

export const CUSTOMERS_SCHEMA: SchemaOptions = {
  schema: 'customers',
  entities: CUSTOMERS_ENTITIES,
  migrations: [
    CustomersInitial1763800000000,
    ExternalAccounts1763900000000,
    Onboarding1764100000000,
    RowChangeAnnouncements1764200000000,
    ExternalAccountAnnouncements1764300000000,
    UnstorableTextRepair1764400000000,
    Parking1764500000000,
    Invitations1764820000000,
    UmaKeys1764830000001,
    ListIndexes1765000000000,
    CustomerCounts1765000000001,
    ExternalAccountCounts1765000000002,
    CreationOrder1765000000003,
    UmaDomainVerification1765000000004,
    AuditChanges1766200000000,
    WebhookFormat1766300000000,
  ],
};
