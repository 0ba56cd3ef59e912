import { Logger } from '@nestjs/common';
import { Environment, toApiId, uuidOf } from '@payments/contracts';
import { randomUUID } from 'node:crypto';
import {
  ACCOUNT_ENDS,
  caller,
  insufficientBalance,
  keyed,
  quoteRequest,
  quotesService,
  transfersDown,
  UMA_ENDS,
} from '@quoting/quotes/__tests__/quotes-service-kit';

beforeAll(() => Logger.overrideLogger(false));

/** A service with one PENDING quote, made without a key. */
async function pendingQuote(ends = ACCOUNT_ENDS) {
  const kit = quotesService(ends);
  const { quoteId } = await kit.service.create(caller, quoteRequest());
  return { ...kit, quoteId, id: uuidOf('Quote', quoteId)! };
}

describe('QuotesService: executing a quote', () => {
  it('opens the one transaction named at creation and shows the quote PROCESSING with it', async () => {
    const { service, rows, transfers, quoteId, id } = await pendingQuote();

    const view = await service.execute(caller, quoteId);

    const { transactionId } = rows.row(id);
    expect(view).toMatchObject({
      status: 'PROCESSING',
      transactionId: toApiId('Transaction', transactionId),
    });
    expect(transfers.open).toHaveBeenCalledTimes(1);
    expect(transfers.open).toHaveBeenCalledWith(
      caller,
      expect.objectContaining({ id, transactionId }),
      undefined,
    );
  });

  it('refuses a second execution with 409 QUOTE_NOT_PENDING naming the transaction, opening no second one', async () => {
    const { service, transfers, quoteId } = await pendingQuote();
    const { transactionId } = await service.execute(caller, quoteId);

    await expect(service.execute(caller, quoteId)).rejects.toMatchObject({
      code: 'QUOTE_NOT_PENDING',
      message:
        `Quote ${quoteId} was already executed and is PROCESSING: follow its transaction ${transactionId} ` +
        '(GET /transactions/{id}), or create a new quote to pay again',
      details: { status: 'PROCESSING', transactionId },
    });
    expect(transfers.open).toHaveBeenCalledTimes(1);
  });

  it('answers a retry with the same Idempotency-Key digest with the same quote; another key is refused', async () => {
    const { service, transfers, quoteId } = await pendingQuote();

    const first = await service.execute(keyed('exec-1'), quoteId);
    const retry = await service.execute(keyed('exec-1'), quoteId);

    expect(retry).toEqual(first);
    expect(transfers.open).toHaveBeenCalledTimes(1);
    await expect(service.execute(keyed('exec-2'), quoteId)).rejects.toMatchObject({
      code: 'QUOTE_NOT_PENDING',
    });
  });

  it('refuses an expired quote with 409 QUOTE_EXPIRED, after which it shows EXPIRED', async () => {
    const { service, rows, transfers, quoteId, id } = await pendingQuote();
    rows.outlive(id);

    const { expiresAt } = await service.get(caller, quoteId);
    await expect(service.execute(caller, quoteId)).rejects.toMatchObject({
      code: 'QUOTE_EXPIRED',
      message: `Quote ${quoteId} expired at ${expiresAt}; create a new quote (POST /quotes) and execute that one`,
      details: { quoteId, expiresAt },
    });
    expect((await service.get(caller, quoteId)).status).toBe('EXPIRED');
    expect(transfers.open).not.toHaveBeenCalled();
  });

  it('hands the quote back PENDING when transfers refuses the transaction, so that it can be executed again', async () => {
    const { service, rows, transfers, quoteId, id } = await pendingQuote();
    transfers.open.mockRejectedValueOnce(insufficientBalance());

    await expect(service.execute(keyed('exec-1'), quoteId)).rejects.toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
    });
    expect(rows.row(id)).toMatchObject({ status: 'PENDING', executionKey: null });

    await expect(service.execute(caller, quoteId)).resolves.toMatchObject({ status: 'PROCESSING' });
  });

  it('leaves the quote PROCESSING, unconfirmed, when transfers does not answer: recovery asks again', async () => {
    const { service, rows, transfers, quoteId, id } = await pendingQuote();
    transfers.open.mockRejectedValueOnce(transfersDown());

    await expect(service.execute(caller, quoteId)).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(rows.row(id)).toMatchObject({ status: 'PROCESSING', transactionConfirmed: false });
  });

  it('refuses a REALTIME_FUNDING quote, which executes when its funds arrive', async () => {
    const { service, rows, quoteId, id } = await pendingQuote({
      ...ACCOUNT_ENDS,
      sourceType: 'REALTIME_FUNDING',
    });

    await expect(service.execute(caller, quoteId)).rejects.toMatchObject({ code: 'QUOTE_NOT_PENDING' });
    expect(rows.row(id).status).toBe('PENDING');
  });

  it("answers 404 QUOTE_NOT_FOUND for a malformed id and for another platform's or environment's quote", async () => {
    const { service, quoteId } = await pendingQuote();
    const otherPlatform = { ...caller, platformId: toApiId('Platform', randomUUID()) };
    const production = { ...caller, environment: Environment.Production };

    for (const [who, id] of [
      [caller, 'Quote:not-a-uuid'],
      [otherPlatform, quoteId],
      [production, quoteId],
    ] as const) {
      await expect(service.execute(who, id)).rejects.toMatchObject({ code: 'QUOTE_NOT_FOUND' });
    }
  });

  describe('to a UMA address', () => {
    it("makes the receiver's pay request first and hands its answer to transfers", async () => {
      const { service, transfers, umaDestinations, quoteId, id } = await pendingQuote(UMA_ENDS);
      const answer = { accepted: true, receiverTransactionId: 'uma-tx-1' };
      umaDestinations.payRequest.mockResolvedValue(answer);

      await service.execute(caller, quoteId);

      expect(umaDestinations.payRequest).toHaveBeenCalledWith(caller, expect.objectContaining({ id }));
      expect(transfers.open).toHaveBeenCalledWith(caller, expect.objectContaining({ id }), answer);
    });

    it('opens nothing and stays PROCESSING when the pay request cannot be made, to be asked again', async () => {
      const { service, rows, transfers, umaDestinations, quoteId, id } = await pendingQuote(UMA_ENDS);
      umaDestinations.payRequest.mockRejectedValue(new Error('Lookup no longer exists'));

      await expect(service.execute(caller, quoteId)).rejects.toThrow('Lookup no longer exists');
      expect(transfers.open).not.toHaveBeenCalled();
      expect(rows.row(id).status).toBe('PROCESSING');
    });
  });
});

describe('QuotesService: recovering an execution whose request died', () => {
  /** A quote claimed for execution whose transaction transfers never confirmed. */
  async function unconfirmed() {
    const kit = await pendingQuote();
    kit.transfers.open.mockRejectedValueOnce(transfersDown());
    await kit.service.execute(caller, kit.quoteId).catch(() => undefined);
    return { ...kit, claimed: kit.rows.row(kit.id) };
  }

  it('asks transfers for the same transaction again and confirms it', async () => {
    const { service, rows, transfers, claimed, id } = await unconfirmed();

    await service.recover(claimed);

    expect(transfers.open).toHaveBeenLastCalledWith(
      { platformId: caller.platformId, environment: caller.environment },
      expect.objectContaining({ id, transactionId: claimed.transactionId }),
      undefined,
    );
    expect(rows.row(id)).toMatchObject({ status: 'PROCESSING', transactionConfirmed: true });
  });

  it('hands back PENDING, unconfirmed, an execution that transfers now refuses', async () => {
    const { service, rows, transfers, claimed, id } = await unconfirmed();
    transfers.open.mockRejectedValueOnce(insufficientBalance());

    await expect(service.recover(claimed)).resolves.toBeUndefined();
    expect(rows.row(id)).toMatchObject({ status: 'PENDING', transactionConfirmed: false });
  });

  it('throws when transfers still does not answer, leaving the quote to the next sweep', async () => {
    const { service, rows, transfers, claimed, id } = await unconfirmed();
    transfers.open.mockRejectedValueOnce(transfersDown());

    await expect(service.recover(claimed)).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(rows.row(id)).toMatchObject({ status: 'PROCESSING', transactionConfirmed: false });
  });
});
