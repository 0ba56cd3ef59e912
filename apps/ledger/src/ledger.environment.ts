import { Type } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { CommonEnvironment } from '@payments/runtime';

export class LedgerEnvironment extends CommonEnvironment {
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(65535)
  LEDGER_PORT = 8084;

  /** Pause between checks of the postings since the last check (docs/operations.md, "Reconciliation"). */
  @Type(() => Number)
  @IsInt()
  @Min(100)
  LEDGER_INVARIANT_CHECK_MS = 30_000;

  /** How often the background check covers the whole ledger, as `npm run ledger:check` does. */
  @Type(() => Number)
  @IsInt()
  @Min(1000)
  LEDGER_FULL_CHECK_MS = 3_600_000;
}
