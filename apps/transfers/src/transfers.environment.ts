import { Type } from 'class-transformer';
import { IsInt, IsUrl, Max, Min } from 'class-validator';
import { CommonEnvironment } from '@payments/runtime';

const internalUrl = { require_tld: false, protocols: ['http', 'https'] };

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
}
