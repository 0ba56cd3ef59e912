import { Type } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { CommonEnvironment } from '@payments/runtime';

export class LedgerEnvironment extends CommonEnvironment {
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(65535)
  LEDGER_PORT = 8084;
}
