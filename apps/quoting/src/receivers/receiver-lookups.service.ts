import { Injectable } from '@nestjs/common';
import { isIdOf } from '@payments/contracts';
import { ApiException, Caller, PlatformScope, scopeOf } from '@payments/http';
import { randomUUID } from 'node:crypto';
import { AccountDirectory } from '@quoting/accounts/account-directory';
import { PlatformCurrencies } from '@quoting/platforms/platform-currencies';
import { RateBook } from '@quoting/rates/rate-book';
import { ReceiverLookupQuery } from '@quoting/receivers/dto/receiver-lookup.query';
import { ReceiverLookup, ReceiverLookupStore } from '@quoting/receivers/receiver-lookup.store';
import {
  EstimatedRates,
  ExternalAccountLookupView,
  presentLookup,
  UmaLookupView,
} from '@quoting/receivers/receiver-lookup.view';
import { parseUmaAddress } from '@quoting/uma/uma-address';
import { UmaCounterparties } from '@quoting/uma/uma-counterparties';
import { ReceivableCurrency } from '@quoting/uma/uma-counterparty';

/** The largest amount a receiver of ours accepts where the platform configured no limit. */
const UNLIMITED = 9_000_000_000_000_000;
const RATE_DIGITS = 8;

/**
 * Receiver lookups: what a receiver accepts, stored under a lookupId that a quote then names. A UMA
 * address is looked up through its UmaCounterparty; an external account is one of the platform's,
 * which takes its own currency within the platform's limits and asks nothing of the payer.
 */
@Injectable()
export class ReceiverLookupsService {
  constructor(
    private readonly store: ReceiverLookupStore,
    private readonly counterparties: UmaCounterparties,
    private readonly accounts: AccountDirectory,
    private readonly currencies: PlatformCurrencies,
    private readonly rates: RateBook,
  ) {}

  async lookupUma(
    caller: Caller,
    receiverUmaAddress: string,
    query: ReceiverLookupQuery,
  ): Promise<UmaLookupView> {
    const receiver = parseUmaAddress(receiverUmaAddress);
    const sender = await this.sender(caller, query);
    const found = await this.counterparties
      .of(caller, receiver)
      .lookup(receiver, { platform: scopeOf(caller), umaAddress: sender.senderUmaAddress });
    const lookup = await this.store.insert({
      id: randomUUID(),
      ...scopeOf(caller),
      receiverUmaAddress: receiver.address,
      accountId: null,
      ...sender,
      currencies: found.currencies,
      requiredPayerData: found.requiredPayerData,
      counterpartyState: found.state,
    });
    return { receiverUmaAddress: receiver.address, ...(await this.present(caller, lookup, query)) };
  }

  async lookupExternalAccount(
    caller: Caller,
    accountId: string,
    query: ReceiverLookupQuery,
  ): Promise<ExternalAccountLookupView> {
    const account = isIdOf('ExternalAccount', accountId)
      ? await this.accounts.account(caller, accountId)
      : undefined;
    if (!account) throw ApiException.notFound('ACCOUNT_NOT_FOUND', `External account ${accountId}`);
    const sender = await this.sender(caller, query);
    const lookup = await this.store.insert({
      id: randomUUID(),
      ...scopeOf(caller),
      receiverUmaAddress: null,
      accountId: account.id,
      ...sender,
      currencies: [await this.platformLimits(scopeOf(caller), account.currency)],
      requiredPayerData: [],
      counterpartyState: {},
    });
    return { accountId: account.id, ...(await this.present(caller, lookup, query)) };
  }

  /**
   * 400 unless the query names a sender; a named customer must be the caller's (404 USER_NOT_FOUND),
   * and its UMA address is the sender's unless the query names another.
   */
  private async sender(
    caller: Caller,
    query: ReceiverLookupQuery,
  ): Promise<Pick<ReceiverLookup, 'senderCustomerId' | 'senderUmaAddress'>> {
    if (!query.customerId && !query.senderUmaAddress) {
      throw ApiException.invalidInput([
        { field: 'customerId', message: 'or senderUmaAddress is required: who sends the payment' },
      ]);
    }
    const senderUmaAddress = query.senderUmaAddress ? parseUmaAddress(query.senderUmaAddress).address : null;
    const customerUmaAddress = query.customerId
      ? await this.accounts.customerUmaAddress(caller, query.customerId)
      : null;
    return {
      senderCustomerId: query.customerId ?? null,
      senderUmaAddress: senderUmaAddress ?? customerUmaAddress,
    };
  }

  /** The platform's limits for receiving `currency`; none when it has not enabled it for incoming payments. */
  private async platformLimits(scope: PlatformScope, currency: string): Promise<ReceivableCurrency> {
    const limits = await this.currencies.limitsOf(scope, currency, 'INCOMING').catch((error: unknown) => {
      // A failure to read them (the database down) is not an absence of limits.
      if (error instanceof ApiException && error.code === 'INVALID_CURRENCY') return undefined;
      throw error;
    });
    return { code: currency, min: limits?.minAmount ?? 1, max: limits?.maxAmount ?? UNLIMITED };
  }

  private async present(caller: Caller, lookup: ReceiverLookup, query: ReceiverLookupQuery) {
    const sendingCurrency =
      query.sendingCurrency ?? (await this.currencies.enabledCodes(scopeOf(caller), 'OUTGOING'))[0] ?? 'USD';
    const rates: EstimatedRates = new Map();
    for (const { code } of lookup.currencies) {
      const rate =
        code === sendingCurrency
          ? 1
          : (await this.rates.rate(sendingCurrency, code)).applied.toNumber(RATE_DIGITS);
      rates.set(code, rate);
    }
    return presentLookup(lookup, sendingCurrency, rates);
  }
}
