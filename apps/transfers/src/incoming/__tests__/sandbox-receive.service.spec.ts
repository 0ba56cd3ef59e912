import { Environment, toApiId } from '@payments/contracts';
import { effectIdOf } from '@payments/http';
import { randomUUID } from 'node:crypto';
import { caller, transfersConfig } from '@transfers/incoming/__tests__/incoming-service-kit';
import { SandboxReceiveDto } from '@transfers/incoming/dto/sandbox-receive.dto';
import { IncomingPayments } from '@transfers/incoming/incoming-payments.service';
import { SandboxReceiveService } from '@transfers/incoming/sandbox-receive.service';
import { sandboxSenderInformation } from '@transfers/incoming/sandbox-sender';
import { ID, transactionRow } from '@transfers/transactions/__tests__/transaction-row';
import { TransactionStore } from '@transfers/transactions/transaction.store';

const DOMAIN = 'sandbox.example.test';
const OPENED = { id: 'Transaction:opened', status: 'PENDING' };
const body = (changes: Partial<SandboxReceiveDto> = {}): SandboxReceiveDto => ({
  senderUmaAddress: `$sam@${DOMAIN}`,
  receivingCurrencyCode: 'USD',
  receivingCurrencyAmount: 2_500,
  customerId: 'Customer:1',
  ...changes,
});

describe('SandboxReceiveService', () => {
  const store = { get: jest.fn() };
  const incoming = { open: jest.fn() };
  const service = new SandboxReceiveService(
    store as unknown as TransactionStore,
    incoming as unknown as IncomingPayments,
    transfersConfig({ SANDBOX_UMA_DOMAIN: DOMAIN }),
  );
  const keyed = { ...caller, idempotencyKey: 'digest' };

  beforeEach(() => {
    jest.resetAllMocks();
    incoming.open.mockResolvedValue(OPENED);
  });

  it('opens an incoming payment from the sandbox sender, who tells what the platform asks of it', async () => {
    const request = body({ customerId: undefined, receiverUmaAddress: '$ada@example.com' });

    expect(await service.receive(caller, request)).toBe(OPENED);

    expect(incoming.open).toHaveBeenCalledWith(caller, {
      id: expect.any(String),
      senderUmaAddress: `$sam@${DOMAIN}`,
      recipient: request,
      currency: 'USD',
      amount: 2_500,
      counterpartyInformation: sandboxSenderInformation,
    });
  });

  it('names the payment by the Idempotency-Key, so that a retry answers the one it opened', async () => {
    await service.receive(keyed, body());
    const id = effectIdOf(keyed, 'sandbox-uma-receive');
    expect(incoming.open.mock.calls[0][1].id).toBe(id);

    store.get.mockResolvedValue(transactionRow({ type: 'INCOMING', status: 'PROCESSING' }));
    const retry = await service.receive(keyed, body({ receivingCurrencyAmount: 1 }));

    expect(store.get).toHaveBeenLastCalledWith(id);
    expect(retry).toMatchObject({ id: toApiId('Transaction', ID), status: 'PROCESSING' });
    expect(incoming.open).toHaveBeenCalledTimes(1);
  });

  it('opens a new payment for each request without a key, looking nothing up', async () => {
    await service.receive(caller, body());
    await service.receive(caller, body());
    const [first, second] = incoming.open.mock.calls.map(([, payment]) => payment.id);
    expect(first).not.toBe(second);
    expect(store.get).not.toHaveBeenCalled();
  });

  it('is refused with production credentials, before anything is looked up', async () => {
    const production = {
      ...keyed,
      platformId: toApiId('Platform', randomUUID()),
      environment: Environment.Production,
    };
    await expect(service.receive(production, body())).rejects.toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
    });
    expect(store.get).not.toHaveBeenCalled();
    expect(incoming.open).not.toHaveBeenCalled();
  });

  it('refuses a sender that is not a UMA address at SANDBOX_UMA_DOMAIN, naming the field', async () => {
    for (const senderUmaAddress of ['$sam@example.com', `sam@${DOMAIN}`, '$sam@sandbox.grid.uma.money']) {
      await expect(service.receive(caller, body({ senderUmaAddress }))).rejects.toMatchObject({
        status: 400,
        code: 'INVALID_UMA_ADDRESS',
        details: { errors: [{ field: 'senderUmaAddress', message: `must be $<user>@${DOMAIN}` }] },
      });
    }
    expect(incoming.open).not.toHaveBeenCalled();
  });
});
