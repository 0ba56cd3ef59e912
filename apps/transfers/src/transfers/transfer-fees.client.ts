import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Caller, InternalApi } from '@payments/http';
import { TransactionRateDetails } from '@payments/contracts';
import { TransfersEnvironment } from '@transfers/transfers.environment';

export interface TransferFee {
  platformFee: number;
  rateDetails: TransactionRateDetails;
}

/** Quoting owns fee rules; it answers what the platform's TRANSFER_IN or TRANSFER_OUT rule charges. */
@Injectable()
export class TransferFeesClient extends InternalApi {
  constructor(config: ConfigService<TransfersEnvironment, true>) {
    super('quoting', config.get('QUOTING_URL', { infer: true }));
  }

  fee(
    caller: Caller,
    transactionType: 'TRANSFER_IN' | 'TRANSFER_OUT',
    currency: string,
    amount: number,
  ): Promise<TransferFee> {
    return this.client.post(caller, '/internal/transfer-fees', { transactionType, currency, amount });
  }
}
