import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Caller, CallerAssertions, InternalApi } from '@payments/http';
import { TransfersEnvironment } from '@transfers/transfers.environment';

/** The ledger's answer for the export: which postings record each transaction (docs/api.md, "Reports"). */
@Injectable()
export class LedgerPostingsClient extends InternalApi {
  constructor(config: ConfigService<TransfersEnvironment, true>, assertions: CallerAssertions) {
    super('ledger', config.get('LEDGER_URL', { infer: true }), assertions);
  }

  /** One call per export batch; a transaction the ledger never moved money for is absent. */
  async postingIdsOf(caller: Caller, transactionIds: string[]): Promise<Map<string, string[]>> {
    const { postings } = await this.client.post<{ postings: Record<string, string[]> }>(
      caller,
      '/internal/reports/transaction-postings',
      { transactionIds },
    );
    return new Map(Object.entries(postings));
  }
}
