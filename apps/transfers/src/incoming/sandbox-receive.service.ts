import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Environment } from '@payments/contracts';
import { ApiException, Caller, effectIdOf } from '@payments/http';
import { SandboxReceiveDto } from '@transfers/incoming/dto/sandbox-receive.dto';
import { IncomingPayments } from '@transfers/incoming/incoming-payments.service';
import { isSandboxUmaAddress, sandboxSenderInformation } from '@transfers/incoming/sandbox-sender';
import { TransactionStore } from '@transfers/transactions/transaction.store';
import { presentTransaction, TransactionView } from '@transfers/transactions/transaction.view';
import { TransfersEnvironment } from '@transfers/transfers.environment';

/** POST /sandbox/uma/receive: a payment from a simulated UMA sender to a customer, awaiting the platform's approval. */
@Injectable()
export class SandboxReceiveService {
  private readonly sandboxDomain: string;

  constructor(
    private readonly transactions: TransactionStore,
    private readonly incoming: IncomingPayments,
    config: ConfigService<TransfersEnvironment, true>,
  ) {
    this.sandboxDomain = config.get('SANDBOX_UMA_DOMAIN', { infer: true });
  }

  async receive(caller: Caller, body: SandboxReceiveDto): Promise<TransactionView> {
    if (caller.environment !== Environment.Sandbox) {
      throw new ApiException(
        'FORBIDDEN',
        'Sandbox helpers are not available with production credentials: call them with the sandbox client id and secret',
      );
    }
    const id = effectIdOf(caller, 'sandbox-uma-receive');
    const existing = caller.idempotencyKey ? await this.transactions.get(id) : undefined;
    if (existing) return presentTransaction(existing);
    if (!isSandboxUmaAddress(body.senderUmaAddress, this.sandboxDomain)) {
      throw new ApiException(
        'INVALID_UMA_ADDRESS',
        `senderUmaAddress must be a UMA address at ${this.sandboxDomain}`,
        {
          errors: [{ field: 'senderUmaAddress', message: `must be $<user>@${this.sandboxDomain}` }],
        },
      );
    }
    return this.incoming.open(caller, {
      id,
      senderUmaAddress: body.senderUmaAddress,
      recipient: body,
      currency: body.receivingCurrencyCode,
      amount: body.receivingCurrencyAmount,
      counterpartyInformation: sandboxSenderInformation,
    });
  }
}
