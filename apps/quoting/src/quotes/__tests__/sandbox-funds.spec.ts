import { Logger } from '@nestjs/common';
import { Environment, toApiId, uuidOf } from '@payments/contracts';
import { ApiException } from '@payments/http';
import {
  ACCOUNT_ENDS,
  caller,
  keyed,
  quoteRequest,
  quotesService,
} from '@quoting/quotes/__tests__/quotes-service-kit';

beforeAll(() => Logger.overrideLogger(false));

/** A service with one PENDING quote funded just in time, and its reference. */
async function realtimeQuote() {
  const kit = quotesService({ ...ACCOUNT_ENDS, sourceType: 'REALTIME_FUNDING', source: undefined });
  const { quoteId } = await kit.service.create(
    caller,
    quoteRequest({ source: { sourceType: 'REALTIME_FUNDING', currency: 'USD' } }),
  );
  const id = uuidOf('Quote', quoteId)!;
  return { ...kit, quoteId, id, reference: kit.rows.row(id).reference! };
}

describe('QuotesService: sandbox funds for a REALTIME_FUNDING quote', () => {
  it('executes the quote its reference names and opens its transaction', async () => {
    const { service, rows, transfers, id, reference } = await realtimeQuote();

    const transaction = await service.receiveFunds(caller, { reference, currencyCode: 'USD' });

    expect(transaction.id).toBe(toApiId('Transaction', rows.row(id).transactionId));
    expect(rows.row(id).status).toBe('PROCESSING');
    expect(transfers.open).toHaveBeenCalledTimes(1);
  });

  it('asks for the same transaction again on a retry of the payment under its key; another payment is refused', async () => {
    const { service, transfers, quoteId } = await realtimeQuote();
    const payment = { quoteId, currencyCode: 'USD', currencyAmount: 10_035 };

    const first = await service.receiveFunds(keyed('pay-1'), payment);
    const retry = await service.receiveFunds(keyed('pay-1'), payment);

    expect(retry).toEqual(first);
    expect(transfers.open).toHaveBeenCalledTimes(2);
    await expect(service.receiveFunds(keyed('pay-2'), payment)).rejects.toMatchObject({
      code: 'QUOTE_NOT_PENDING',
    });
  });

  it('refuses production credentials with 403 FORBIDDEN', async () => {
    const { service, reference } = await realtimeQuote();

    await expect(
      service.receiveFunds(
        { ...caller, environment: Environment.Production },
        { reference, currencyCode: 'USD' },
      ),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it.each([
    ['an unknown reference', { reference: 'QT-000000000000' }, { code: 'REFERENCE_NOT_FOUND' }],
    ['another currency', { currencyCode: 'EUR' }, { code: 'INVALID_CURRENCY' }],
    ['another amount', { currencyAmount: 10_000 }, { code: 'INVALID_AMOUNT', details: { expected: 10_035 } }],
  ])('refuses %s, leaving the quote PENDING', async (_case, change, refusal) => {
    const { service, rows, transfers, id, reference } = await realtimeQuote();

    const receiving = service.receiveFunds(caller, { reference, currencyCode: 'USD', ...change });

    await expect(receiving).rejects.toBeInstanceOf(ApiException);
    await expect(receiving).rejects.toMatchObject(refusal);
    expect(rows.row(id).status).toBe('PENDING');
    expect(transfers.open).not.toHaveBeenCalled();
  });

  it('refuses a quote funded from an account with 400 on quoteId', async () => {
    const { service } = quotesService();
    const { quoteId } = await service.create(caller, quoteRequest());

    await expect(service.receiveFunds(caller, { quoteId, currencyCode: 'USD' })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      details: { errors: [expect.objectContaining({ field: 'quoteId' })] },
    });
  });
});
