import { BULK_IMPORT_JOB_EVENTS } from './bulk-import/job-events';
import { CUSTOMER_EVENTS } from './customers/customer-events';
import { INVITATION_EVENTS } from './customers/invitation-events';
import { KYC_EVENTS } from './customers/kyc-events';
import { BALANCE_EVENTS } from './ledger/balance-events';
import { PLATFORM_EVENTS } from './platforms/platform-events';
import { TopicContract } from './topic';
import { TRANSACTION_EVENTS } from './transfers/transaction-events';
import { APPROVAL_ANSWERS } from './webhooks/approval-answers';

/** Every topic of the service, in the order docs/architecture.md lists them. */
export const ALL_TOPICS: readonly TopicContract[] = [
  CUSTOMER_EVENTS,
  PLATFORM_EVENTS,
  KYC_EVENTS,
  INVITATION_EVENTS,
  BALANCE_EVENTS,
  BULK_IMPORT_JOB_EVENTS,
  TRANSACTION_EVENTS,
  APPROVAL_ANSWERS,
];

/** The topics readers outside the service may consume (docs/asyncapi.yaml). */
export const PUBLIC_TOPICS = ALL_TOPICS.filter((topic) => topic.isPublic);
