import { Type } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { CommonEnvironment } from '@payments/runtime';

export class QuotingEnvironment extends CommonEnvironment {
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(65535)
  QUOTING_PORT = 8082;
}
