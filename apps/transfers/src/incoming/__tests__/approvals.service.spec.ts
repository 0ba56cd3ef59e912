import { Environment, toApiId } from '@payments/contracts';
import { randomUUID } from 'node:crypto';
import { approvalsService, caller, RECEIVER_INFO } from '@transfers/incoming/__tests__/incoming-service-kit';
import { transactionRow } from '@transfers/transactions/__tests__/transaction-row';

const NOT_PENDING = { status: 409, code: 'TRANSACTION_NOT_PENDING_PLATFORM_APPROVAL' };
const NOT_FOUND = { status: 404, code: 'TRANSACTION_NOT_FOUND' };

/** POST /transactions/{id}/approve and /reject: the platform's decision after answering 202. */
describe('ApprovalsService: approve and reject', () => {
  let world: ReturnType<typeof approvalsService>;
  const apiId = (id: string) => toApiId('Transaction', id);
  /** What a decision left of the payment: its approval row and the status changes it made. */
  const outcomeOf = (id: string) => ({
    approval: world.approvals.row(id),
    changes: world.transactions.applied.filter((change) => change.id === id),
  });

  beforeEach(() => {
    world = approvalsService();
  });

  describe('approve', () => {
    it.each(['WAITING', 'ACKNOWLEDGED'] as const)(
      'turns a %s payment PROCESSING, keeps what the platform told and starts its rail',
      async (status) => {
        const id = world.awaiting(status);

        const answer = await world.service.approve(caller, apiId(id), {
          receiverCustomerInfo: RECEIVER_INFO,
        });

        expect(answer).toMatchObject({ id: apiId(id), status: 'PROCESSING' });
        expect(outcomeOf(id)).toMatchObject({
          approval: {
            status: 'DECIDED',
            receiverCustomerInfo: RECEIVER_INFO,
            reason: 'Approved by the platform',
          },
          changes: [
            { from: 'PENDING', to: 'PROCESSING', reason: 'Approved by the platform', requestId: 'req-1' },
          ],
        });
        expect(world.started()).toEqual([id]);
      },
    );

    it('finds the transaction whatever the case of its id', async () => {
      const id = world.awaiting();
      const answer = await world.service.approve(caller, apiId(id.toUpperCase()), {
        receiverCustomerInfo: RECEIVER_INFO,
      });
      expect(answer.status).toBe('PROCESSING');
    });

    it('answers 400 naming each mandatory field missing or blank, in the order asked; the payment keeps waiting', async () => {
      const id = world.awaiting();

      await expect(
        world.service.approve(caller, apiId(id), { receiverCustomerInfo: { FULL_NAME: '', EMAIL: 'a@b.c' } }),
      ).rejects.toMatchObject({
        status: 400,
        code: 'MISSING_MANDATORY_USER_INFO',
        message: 'receiverCustomerInfo lacks mandatory requested fields: FULL_NAME, BIRTH_DATE',
        details: { missingFields: ['FULL_NAME', 'BIRTH_DATE'] },
      });
      expect(world.approvals.row(id)?.status).toBe('WAITING');
      expect(world.transactions.row(id)?.status).toBe('PENDING');
      expect(world.started()).toEqual([]);

      await expect(
        world.service.approve(caller, apiId(id), { receiverCustomerInfo: { FULL_NAME: 'Ada Lovelace' } }),
      ).rejects.toMatchObject({ details: { missingFields: ['BIRTH_DATE'] } });
      const approved = await world.service.approve(caller, apiId(id), {
        receiverCustomerInfo: RECEIVER_INFO,
      });
      expect(approved.status).toBe('PROCESSING');
    });

    it('needs no receiverCustomerInfo when nothing mandatory is asked', async () => {
      const id = world.awaiting('WAITING', [{ name: 'EMAIL', mandatory: false }]);
      expect(await world.service.approve(caller, apiId(id), {})).toMatchObject({ status: 'PROCESSING' });
      expect(world.approvals.row(id)?.receiverCustomerInfo).toEqual({});
    });

    it('answers 400 INVALID_INPUT for receiverCustomerInfo that is not a map of strings, reading nothing', async () => {
      const id = world.awaiting();
      for (const receiverCustomerInfo of [{ FULL_NAME: 7 }, ['Ada'], 'Ada']) {
        // It throws before it returns a promise; Nest answers either alike.
        await expect(async () =>
          world.service.approve(caller, apiId(id), { receiverCustomerInfo } as never),
        ).rejects.toMatchObject({ status: 400, code: 'INVALID_INPUT' });
      }
      expect(world.database.transaction).not.toHaveBeenCalled();
    });
  });

  describe('reject', () => {
    it('turns a waiting payment REJECTED with the reason given, starting no rail', async () => {
      const id = world.awaiting();

      const answer = await world.service.reject(caller, apiId(id), { reason: 'sanctions hit' });

      expect(answer).toMatchObject({ id: apiId(id), status: 'REJECTED' });
      expect(outcomeOf(id)).toMatchObject({
        approval: { receiverCustomerInfo: null, reason: 'Rejected by the platform: sanctions hit' },
        changes: [{ to: 'REJECTED', requestId: 'req-1' }],
      });
      expect(world.started()).toEqual([]);
    });

    it('gives a reason of its own when the platform gives none', async () => {
      const id = world.awaiting();
      await world.service.reject(caller, apiId(id), {});
      expect(world.transactions.applied[0].reason).toMatch(/^Rejected by the platform/);
    });
  });

  describe('which decision counts', () => {
    it('the first: a later approve or reject is 409 and changes nothing', async () => {
      const approved = world.awaiting();
      await world.service.approve(caller, apiId(approved), { receiverCustomerInfo: RECEIVER_INFO });
      await expect(world.service.reject(caller, apiId(approved), {})).rejects.toMatchObject(NOT_PENDING);
      await expect(
        world.service.approve(caller, apiId(approved), { receiverCustomerInfo: RECEIVER_INFO }),
      ).rejects.toMatchObject(NOT_PENDING);

      const rejected = world.awaiting();
      await world.service.reject(caller, apiId(rejected), { reason: 'risk' });
      await expect(
        world.service.approve(caller, apiId(rejected), { receiverCustomerInfo: RECEIVER_INFO }),
      ).rejects.toMatchObject(NOT_PENDING);

      expect(world.transactions.applied.map(({ to }) => to)).toEqual(['PROCESSING', 'REJECTED']);
      expect(world.started()).toEqual([approved]);
    });

    it('answers 409 for a transaction that awaits no approval, or that has left PENDING meanwhile', async () => {
      world.transactions.put(transactionRow({ status: 'PENDING' }));
      await expect(world.service.reject(caller, apiId(transactionRow().id), {})).rejects.toMatchObject(
        NOT_PENDING,
      );

      const failed = world.awaiting();
      world.transactions.put({ ...world.transactions.row(failed)!, status: 'FAILED' });
      await expect(world.service.reject(caller, apiId(failed), {})).rejects.toMatchObject(NOT_PENDING);
    });

    it("answers 404 for another platform's or environment's transaction, or no transaction id", async () => {
      const id = world.awaiting();
      const otherPlatform = { ...caller, platformId: toApiId('Platform', randomUUID()) };
      const production = { ...caller, environment: Environment.Production };
      await expect(world.service.reject(otherPlatform, apiId(id), {})).rejects.toMatchObject(NOT_FOUND);
      await expect(world.service.reject(production, apiId(id), {})).rejects.toMatchObject(NOT_FOUND);

      expect(world.approvals.row(id)?.status).toBe('WAITING');

      const transactionsBefore = world.database.transaction.mock.calls.length;
      await expect(world.service.reject(caller, toApiId('Quote', id), {})).rejects.toMatchObject(NOT_FOUND);
      expect(world.database.transaction).toHaveBeenCalledTimes(transactionsBefore);
    });
  });
});
