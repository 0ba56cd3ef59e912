import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { ApiException, Caller, CurrentCaller } from '@payments/http';
import { UmaPaymentDto } from '@transfers/incoming/dto/uma-payment.dto';
import { IncomingPayments } from '@transfers/incoming/incoming-payments.service';
import { TransactionStore } from '@transfers/transactions/transaction.store';
import { presentTransaction, TransactionView } from '@transfers/transactions/transaction.view';

/**
 * Internal: the customers app, which speaks the UMA protocol, opens here the incoming payment of a
 * pay request it accepted for one of the caller's customers; it then waits for the platform's approval
 * like a sandbox one. The same paymentId again answers the payment it opened.
 */
@ApiExcludeController()
@Controller('internal/uma-payments')
export class UmaPaymentsController {
  constructor(
    private readonly transactions: TransactionStore,
    private readonly incoming: IncomingPayments,
  ) {}

  @Post()
  @HttpCode(200)
  async open(@CurrentCaller() caller: Caller, @Body() body: UmaPaymentDto): Promise<TransactionView> {
    const existing = await this.transactions.get(body.paymentId);
    if (existing?.platformId === caller.platformId && existing.environment === caller.environment) {
      return presentTransaction(existing);
    }
    // The same signed pay request sent to another platform: one payment only.
    if (existing) throw new ApiException('CONFLICT', 'This pay request has been made to another receiver');
    return this.incoming.open(caller, {
      id: body.paymentId,
      senderUmaAddress: body.senderUmaAddress,
      recipient: { customerId: body.customerId },
      currency: body.currency,
      amount: body.amount,
      counterpartyInformation: () => body.counterpartyInformation,
      awaitsSenderFunding: body.awaitsSenderFunding === true,
    });
  }
}
