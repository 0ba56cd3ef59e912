import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Caller, CallerAssertions, InternalApi, scopeKey } from '@payments/http';
import { TransferFee } from '@payments/contracts';
import { KeyedGroupCommit } from '@payments/persistence';
import { TransfersEnvironment } from '@transfers/transfers.environment';

interface FeeQuery {
  caller: Caller;
  transactionType: 'TRANSFER_IN' | 'TRANSFER_OUT';
  currency: string;
  amount: number;
}

/**
 * One call of a caller at a time; the questions that arrive meanwhile go in the next one. A call
 * refused as a whole (for one question quoting cannot read) goes again in halves until that question
 * is alone, as every group commit does.
 */
const FEE_BATCHING = { maxBatch: 500, maxInFlight: 1 };

/**
 * Quoting owns fee rules; it answers what the platform's TRANSFER_IN or TRANSFER_OUT rule charges.
 * The questions of concurrent requests go in one call, grouped like a commit (KeyedGroupCommit): each
 * call costs both apps an HTTP request through Nest and its validation.
 */
@Injectable()
export class TransferFeesClient extends InternalApi {
  private readonly questions = new KeyedGroupCommit<FeeQuery, TransferFee>(
    (queries) => this.feesOf(queries),
    FEE_BATCHING,
  );

  constructor(config: ConfigService<TransfersEnvironment, true>, assertions: CallerAssertions) {
    super('quoting', config.get('QUOTING_URL', { infer: true }), assertions);
  }

  fee(
    caller: Caller,
    transactionType: 'TRANSFER_IN' | 'TRANSFER_OUT',
    currency: string,
    amount: number,
  ): Promise<TransferFee> {
    return this.questions.add(scopeKey(caller), { caller, transactionType, currency, amount });
  }

  /** The fees of one caller's transfers, in their order; the call goes on behalf of the first one's request. */
  private async feesOf(queries: FeeQuery[]): Promise<TransferFee[]> {
    const { fees } = await this.client.post<{ fees: TransferFee[] }>(
      queries[0].caller,
      '/internal/transfer-fees/batch',
      {
        queries: queries.map(({ transactionType, currency, amount }) => ({
          transactionType,
          currency,
          amount,
        })),
      },
    );
    return fees;
  }
}
