import { randomBytes } from 'node:crypto';
import { Environment, TransactionRateDetails, TransactionType } from '@payments/contracts';
import { RailOutcome } from '@transfers/rails/rail';
import { SourceType } from '@transfers/transactions/transaction.entity';

/**
 * The shape of a new transaction and the one statement that inserts many with their rail attempts.
 */

/** What a new transaction is made of; it starts CREATED. */
export interface NewTransaction {
  id: string;
  platformId: string;
  environment: Environment;
  type: TransactionType;
  sourceType: SourceType;
  sourceAccountId: string | null;
  sourceCurrency: string;
  /** The account paid into; null for a payment to `destinationUmaAddress`. */
  destinationAccountId: string | null;
  destinationUmaAddress?: string;
  destinationCurrency: string;
  customerId: string | null;
  platformCustomerId: string | null;
  sentAmount: number;
  receivedAmount: number;
  reference: string;
  description?: string;
  /** The sender of a payment from a UMA address, and what it told about itself. */
  sourceUmaAddress?: string;
  counterpartyInformation?: Record<string, string>;
  /** Set for a transaction that executes a quote or carries a platform fee. */
  pricing?: TransactionPricing;
  /** The internal account holding the reserve when it is not the source. */
  fundingAccountId?: string;
}

/** The rate and fees of a transaction: a quote's, or a transfer's platform fee (docs/api.md, "Transfers"). */
export interface TransactionPricing {
  /** Bare uuid of the quote executed; absent for a same-currency transfer. */
  quoteId?: string;
  /** Sending units per receiving unit; absent means one to one. */
  exchangeRate?: string;
  rateDetails: TransactionRateDetails;
  platformFee: number;
  serviceFee: number;
}

/**
 * The rail's side of a new transaction: what the rail will answer, how long after the transaction
 * turns PENDING, and when the settlement worker first looks at it (before it turns PENDING, that look
 * is the recovery of a request that never finished).
 */
export interface RailSchedule extends RailOutcome {
  firstLookInMs: number;
}

/** The unique reconciliation reference a bank movement carries. */
export function newReference(): string {
  return `TR-${randomBytes(8).toString('hex').toUpperCase()}`;
}

/** A new transaction with its rail's schedule. */
export interface NewScheduledTransaction {
  transaction: NewTransaction;
  rail: RailSchedule;
  /** The creating request's W3C trace context, which the settlement worker continues; none when untraced. */
  traceparent?: string;
}

type InputColumn = [name: string, type: string, valueOf: (created: NewScheduledTransaction) => unknown];

/** The columns a new transaction is inserted with, besides its status. */
const TRANSACTION_INPUT: InputColumn[] = [
  ['id', 'uuid', ({ transaction }) => transaction.id],
  ['platform_id', 'uuid', ({ transaction }) => transaction.platformId],
  ['environment', 'text', ({ transaction }) => transaction.environment],
  ['type', 'text', ({ transaction }) => transaction.type],
  ['source_type', 'text', ({ transaction }) => transaction.sourceType],
  ['source_account_id', 'text', ({ transaction }) => transaction.sourceAccountId],
  ['source_uma_address', 'text', ({ transaction }) => transaction.sourceUmaAddress ?? null],
  ['source_currency', 'text', ({ transaction }) => transaction.sourceCurrency],
  [
    'destination_type',
    'text',
    ({ transaction }) => (transaction.destinationUmaAddress ? 'UMA_ADDRESS' : 'ACCOUNT'),
  ],
  ['destination_account_id', 'text', ({ transaction }) => transaction.destinationAccountId],
  ['destination_uma_address', 'text', ({ transaction }) => transaction.destinationUmaAddress ?? null],
  ['destination_currency', 'text', ({ transaction }) => transaction.destinationCurrency],
  ['customer_id', 'text', ({ transaction }) => transaction.customerId],
  ['platform_customer_id', 'text', ({ transaction }) => transaction.platformCustomerId],
  ['sent_amount', 'bigint', ({ transaction }) => transaction.sentAmount],
  ['received_amount', 'bigint', ({ transaction }) => transaction.receivedAmount],
  ['reference', 'text', ({ transaction }) => transaction.reference],
  ['description', 'text', ({ transaction }) => transaction.description ?? null],
  [
    'counterparty_information',
    'jsonb',
    ({ transaction }) =>
      transaction.counterpartyInformation ? JSON.stringify(transaction.counterpartyInformation) : null,
  ],
  ['quote_id', 'uuid', ({ transaction }) => transaction.pricing?.quoteId ?? null],
  ['exchange_rate', 'text', ({ transaction }) => transaction.pricing?.exchangeRate ?? null],
  [
    'rate_details',
    'jsonb',
    ({ transaction: { pricing } }) => (pricing ? JSON.stringify(pricing.rateDetails) : null),
  ],
  ['platform_fee', 'bigint', ({ transaction }) => transaction.pricing?.platformFee ?? 0],
  ['service_fee', 'bigint', ({ transaction }) => transaction.pricing?.serviceFee ?? 0],
  ['funding_account_id', 'text', ({ transaction }) => transaction.fundingAccountId ?? null],
];

/** What its rail attempt is inserted with. */
const RAIL_INPUT: InputColumn[] = [
  ['answer', 'text', ({ rail }) => rail.answer],
  ['rail_failure_detail', 'text', ({ rail }) => rail.failureDetail ?? null],
  ['rail_failure_reason', 'text', ({ rail }) => rail.failureReason ?? null],
  ['delay_ms', 'int', ({ rail }) => rail.delayMs],
  ['first_look_in_ms', 'int', ({ rail }) => rail.firstLookInMs],
  ['failed_leg', 'text', ({ rail }) => rail.failedLeg ?? null],
  ['awaits_transaction_id', 'uuid', ({ rail }) => rail.awaitsTransactionId ?? null],
  ['awaits_funding', 'boolean', ({ rail }) => rail.awaitsFunding ?? false],
  ['payer_uma_address', 'text', ({ rail }) => rail.payerUmaAddress ?? null],
  ['payee_uma_address', 'text', ({ rail }) => rail.payeeUmaAddress ?? null],
  ['traceparent', 'text', ({ traceparent }) => traceparent ?? null],
];

export const INPUT = [...TRANSACTION_INPUT, ...RAIL_INPUT];
const TRANSACTION_COLUMNS = TRANSACTION_INPUT.map(([name]) => name).join(', ');

/**
 * New transactions (CREATED) and their rail attempts, any number in one statement; a transaction
 * whose id (or quote) exists already is left alone, and so is its attempt.
 */
export const INSERT_TRANSACTIONS = `
  WITH input AS (
    SELECT * FROM unnest(${INPUT.map(([, type], index) => `$${index + 1}::${type}[]`).join(', ')})
      AS i (${INPUT.map(([name]) => name).join(', ')})
  ), created AS (
    INSERT INTO transactions (status, ${TRANSACTION_COLUMNS})
    SELECT 'CREATED', ${TRANSACTION_COLUMNS} FROM input
    ON CONFLICT DO NOTHING
    RETURNING id
  )
  INSERT INTO rail_attempts (transaction_id, answer, failure_detail, failure_reason, delay_ms, due_at, failed_leg, awaits_transaction_id, awaits_funding, payer_uma_address, payee_uma_address, traceparent)
  SELECT id, i.answer, i.rail_failure_detail, i.rail_failure_reason, i.delay_ms, now() + i.first_look_in_ms * interval '1 millisecond', i.failed_leg, i.awaits_transaction_id, i.awaits_funding, i.payer_uma_address, i.payee_uma_address, i.traceparent
  FROM created JOIN input i USING (id)
  RETURNING transaction_id AS id`;
