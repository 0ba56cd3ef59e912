import { Type } from 'class-transformer';
import { IsIn, IsInt, IsUrl, Matches, Max, Min } from 'class-validator';
import { CommonEnvironment } from '@payments/runtime';

const internalUrl = { require_tld: false, protocols: ['http', 'https'] };
/** The rails this build can make payments on (rails/rail.provider.ts); RAIL picks one. */
export const RAIL_NAMES = ['sandbox'] as const;

export class TransfersEnvironment extends CommonEnvironment {
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(65535)
  TRANSFERS_PORT = 8083;

  /** Owner of internal account balances: every reserve, settle, release and deposit goes through it. */
  @IsUrl(internalUrl) LEDGER_URL = 'http://127.0.0.1:8084';

  /** Owner of fee rules: what a transfer's TRANSFER_IN or TRANSFER_OUT rule charges. */
  @IsUrl(internalUrl) QUOTING_URL = 'http://127.0.0.1:8082';

  /** Owner of external accounts: their status, currency and the identifier the sandbox rail reads. */
  @IsUrl(internalUrl) CUSTOMERS_URL = 'http://127.0.0.1:8081';

  /** Where payments to and from external accounts are made (docs/architecture.md, "Adding a rail"). */
  @IsIn(RAIL_NAMES)
  RAIL: (typeof RAIL_NAMES)[number] = 'sandbox';

  /** How long after a transfer turns PENDING the sandbox rail answers. */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(600_000)
  SANDBOX_SETTLEMENT_MS = 500;

  /** How long a transfer to or from an account ending in 005 stays PENDING before it fails. */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(86_400)
  SANDBOX_DELAYED_FAILURE_SECONDS = 30;

  /**
   * How long an incoming payment from a platform of this deployment may wait for the sender's side to
   * reserve its money before it fails (docs/uma.md): the sender reserves right after the pay
   * response, so only a sender refused or lost after its pay request waits this long.
   */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(3_600)
  UMA_SENDER_FUNDING_SECONDS = 60;

  /**
   * How long a platform has to approve or reject an incoming payment after acknowledging its pending
   * webhook with 202; the webhook's own answer must also come within it (docs/api.md#approvals).
   */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(3_600)
  APPROVAL_TIMEOUT_SECONDS = 5;

  /** The domain of the simulated UMA counterparties that sandbox incoming payments come from. */
  @Matches(/^[a-z0-9.-]+$/, { message: 'SANDBOX_UMA_DOMAIN must be a lower-case domain name' })
  SANDBOX_UMA_DOMAIN = 'sandbox.grid.uma.money';

  /**
   * How long a rail attempt is kept once its transaction is final (docs/operations.md#retention): it
   * records the rail's tries; the transaction and its status history stay for good.
   */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(3_660)
  RAIL_ATTEMPT_RETENTION_DAYS = 30;
}
