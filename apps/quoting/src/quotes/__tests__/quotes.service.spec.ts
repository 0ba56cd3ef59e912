import { Logger } from '@nestjs/common';
import { uuidOf } from '@payments/contracts';
import { ApiException, scopeOf } from '@payments/http';
import {
  ACCOUNT_ENDS,
  caller,
  CUSTOMER,
  DESTINATION,
  insufficientBalance,
  keyed,
  PRICED,
  quoteRequest,
  quotesService,
  SOURCE,
  UMA_ENDS,
} from '@quoting/quotes/__tests__/quotes-service-kit';

const REALTIME_ENDS = { ...ACCOUNT_ENDS, sourceType: 'REALTIME_FUNDING' as const, source: undefined };
const realtimeRequest = quoteRequest({ source: { sourceType: 'REALTIME_FUNDING', currency: 'USD' } });

beforeAll(() => Logger.overrideLogger(false));

describe('QuotesService: creating a quote', () => {
  it('prices the locked side between the resolved currencies and stores the quote PENDING, fees split by payer', async () => {
    const { service, rows, resolver, pricer, transfers } = quotesService();

    const view = await service.create(caller, quoteRequest());

    expect(pricer.price).toHaveBeenCalledWith(scopeOf(caller), {
      sendingCurrency: 'USD',
      receivingCurrency: 'MXN',
      lockedSide: 'SENDING',
      lockedAmount: 10_035n,
    });
    expect(resolver.assertWithinLimits).toHaveBeenCalledWith(scopeOf(caller), ACCOUNT_ENDS, PRICED);
    expect(view).toMatchObject({
      status: 'PENDING',
      source: { sourceType: 'ACCOUNT', accountId: SOURCE.id, customerId: CUSTOMER, currency: 'USD' },
      destination: { destinationType: 'ACCOUNT', accountId: DESTINATION.id, currency: 'MXN' },
      totalSendingAmount: 10_035,
      totalReceivingAmount: 170_000,
      feesIncluded: 35,
    });
    expect(view.transactionId).toBeUndefined();
    const stored = rows.row(uuidOf('Quote', view.quoteId)!);
    expect(stored).toMatchObject({
      platformFee: '10',
      serviceFee: '25',
      fundingAccountId: null,
      reference: null,
    });
    expect(transfers.open).not.toHaveBeenCalled();
  });

  it('answers a retry under the same Idempotency-Key with the quote it made, without pricing again', async () => {
    const { service, pricer } = quotesService();

    const first = await service.create(keyed('key-1'), quoteRequest());
    const retry = await service.create(keyed('key-1'), quoteRequest());
    const other = await service.create(keyed('key-2'), quoteRequest());

    expect(retry).toEqual(first);
    expect(other.quoteId).not.toBe(first.quoteId);
    expect(pricer.price).toHaveBeenCalledTimes(2);
  });

  it('stores nothing when the priced amounts are outside the limits', async () => {
    const { service, rows, resolver } = quotesService();
    const insert = jest.spyOn(rows, 'insert');
    resolver.assertWithinLimits.mockRejectedValue(new ApiException('AMOUNT_OUT_OF_RANGE', 'too much'));

    await expect(service.create(caller, quoteRequest())).rejects.toMatchObject({
      code: 'AMOUNT_OUT_OF_RANGE',
    });
    expect(insert).not.toHaveBeenCalled();
  });

  it('refuses a sending customer lacking what the currencies require, creating no destination and storing nothing', async () => {
    const { service, rows, accounts, readiness } = quotesService({ ...ACCOUNT_ENDS, destination: undefined });
    const insert = jest.spyOn(rows, 'insert');
    const missing = new ApiException('MISSING_MANDATORY_USER_INFO', 'NATIONALITY', {
      missingFields: ['NATIONALITY'],
    });
    readiness.assertReady.mockRejectedValue(missing);

    await expect(service.create(caller, quoteRequest())).rejects.toBe(missing);
    expect(readiness.assertReady).toHaveBeenCalledWith(caller, ACCOUNT_ENDS.sendingCustomerId, [
      ACCOUNT_ENDS.sendingCurrency,
      ACCOUNT_ENDS.receivingCurrency,
    ]);
    expect(accounts.createExternalAccount).not.toHaveBeenCalled();
    expect(insert).not.toHaveBeenCalled();
  });

  it('refuses a destination account of another owner with 400 on destination, storing nothing', async () => {
    const { service, rows } = quotesService({
      ...ACCOUNT_ENDS,
      destination: { ...DESTINATION, customerId: 'Customer:2' },
    });
    const insert = jest.spyOn(rows, 'insert');

    await expect(service.create(caller, quoteRequest())).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      details: { errors: [{ field: 'destination', message: 'must belong to the sending customer' }] },
    });
    expect(insert).not.toHaveBeenCalled();
  });

  it('creates the destination from externalAccountDetails, for the sending customer unless they name one', async () => {
    const { service, rows, accounts } = quotesService({ ...ACCOUNT_ENDS, destination: undefined });
    const details = {
      currency: 'MXN',
      accountInfo: { accountType: 'CLABE', clabeNumber: '002010077777777771' },
    };

    const view = await service.create(
      caller,
      quoteRequest({ destination: { externalAccountDetails: details } }),
    );
    await service.create(
      caller,
      quoteRequest({ destination: { externalAccountDetails: { ...details, customerId: 'Customer:9' } } }),
    );

    expect(accounts.createExternalAccount).toHaveBeenNthCalledWith(1, caller, {
      ...details,
      customerId: CUSTOMER,
    });
    expect(accounts.createExternalAccount).toHaveBeenNthCalledWith(2, caller, {
      ...details,
      customerId: 'Customer:9',
    });
    expect(rows.row(uuidOf('Quote', view.quoteId)!).destinationAccountId).toBe(DESTINATION.id);
  });

  describe('funding', () => {
    it('gives a REALTIME_FUNDING quote a reference, instructions naming it and the account the funds pass through', async () => {
      const { service, rows, accounts } = quotesService(REALTIME_ENDS);

      const view = await service.create(caller, realtimeRequest);

      const { reference, fundingAccountId } = rows.row(uuidOf('Quote', view.quoteId)!);
      expect(reference).toMatch(/^QT-[0-9A-F]{12}$/);
      expect(view.paymentInstructions).toEqual([
        expect.objectContaining({ accountType: 'US_ACCOUNT', referenceCode: reference }),
      ]);
      expect(fundingAccountId).toBe('InternalAccount:funding');
      expect(accounts.fundingAccount).toHaveBeenCalledWith(caller, CUSTOMER, 'USD');
    });

    it('passes money pulled from an external account through an internal one, and balance money through none', async () => {
      const external = {
        ...SOURCE,
        id: 'ExternalAccount:pull',
        kind: 'EXTERNAL' as const,
        pullCapable: true,
      };
      const pulled = quotesService({ ...ACCOUNT_ENDS, source: external });
      const fromBalance = quotesService();

      const pulledQuote = await pulled.service.create(caller, quoteRequest());
      const balanceQuote = await fromBalance.service.create(caller, quoteRequest());

      expect(pulled.rows.row(uuidOf('Quote', pulledQuote.quoteId)!).fundingAccountId).toBe(
        'InternalAccount:funding',
      );
      expect(fromBalance.rows.row(uuidOf('Quote', balanceQuote.quoteId)!)).toMatchObject({
        fundingAccountId: null,
        paymentInstructions: null,
      });
      expect(fromBalance.accounts.fundingAccount).not.toHaveBeenCalled();
    });
  });

  it('makes a quote to a UMA address from its lookup: no destination account, the payer data kept for the pay request', async () => {
    const { service, rows, accounts } = quotesService(UMA_ENDS);

    const view = await service.create(
      caller,
      quoteRequest({ destination: { umaAddress: UMA_ENDS.uma!.umaAddress } }),
    );

    expect(view.destination).toEqual({
      destinationType: 'UMA_ADDRESS',
      umaAddress: '$success.mxn@sandbox.uma.local',
      counterpartyInformation: { FULL_NAME: 'Grace Hopper' },
      currency: 'MXN',
    });
    expect(rows.row(uuidOf('Quote', view.quoteId)!)).toMatchObject({
      destinationAccountId: null,
      receivingUmaAddress: '$success.mxn@sandbox.uma.local',
      lookupId: UMA_ENDS.uma!.lookupId,
      senderCustomerInfo: { FULL_NAME: 'Ada Lovelace' },
    });
    expect(accounts.createExternalAccount).not.toHaveBeenCalled();
  });

  describe('with immediatelyExecute', () => {
    it('executes at creation: PROCESSING, with its transaction', async () => {
      const { service, rows, transfers } = quotesService();

      const view = await service.create(caller, quoteRequest({ immediatelyExecute: true }));

      const { transactionId } = rows.row(uuidOf('Quote', view.quoteId)!);
      expect(view).toMatchObject({ status: 'PROCESSING', transactionId: `Transaction:${transactionId}` });
      expect(transfers.open).toHaveBeenCalledTimes(1);
    });

    it('refuses a REALTIME_FUNDING source with 400 on immediatelyExecute, before pricing', async () => {
      const { service, pricer } = quotesService(REALTIME_ENDS);

      await expect(
        service.create(caller, { ...realtimeRequest, immediatelyExecute: true }),
      ).rejects.toMatchObject({
        code: 'INVALID_INPUT',
        details: { errors: [expect.objectContaining({ field: 'immediatelyExecute' })] },
      });
      expect(pricer.price).not.toHaveBeenCalled();
    });

    it('leaves the quote PENDING when transfers refuses it; a retry under the key executes that quote', async () => {
      const { service, rows, pricer, transfers } = quotesService();
      transfers.open.mockRejectedValueOnce(insufficientBalance());
      const request = quoteRequest({ immediatelyExecute: true });

      await expect(service.create(keyed('key-1'), request)).rejects.toMatchObject({
        code: 'INSUFFICIENT_BALANCE',
      });
      const retry = await service.create(keyed('key-1'), request);

      expect(retry.status).toBe('PROCESSING');
      expect(pricer.price).toHaveBeenCalledTimes(1);
      const [[, refused], [, executed]] = transfers.open.mock.calls;
      expect(executed.transactionId).toBe(refused.transactionId);
      expect(rows.row(refused.id).executionKey).toBe('key-1');
    });
  });
});
