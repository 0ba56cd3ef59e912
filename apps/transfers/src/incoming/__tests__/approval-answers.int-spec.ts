import {
  ApprovalAnswerEvent,
  ApprovalAnswerReceivedV1,
  createEvent,
  Environment,
  toApiId,
} from '@payments/contracts';
import { MigratedDatabase } from '@payments/testing';
import { TRANSFERS_SCHEMA } from '@transfers/database';
import { approvalsService, caller, RECEIVER_INFO } from '@transfers/incoming/__tests__/incoming-service-kit';

const TIMEOUT_SECONDS = 30;
jest.setTimeout(30_000);

const ANSWERED_AT = '2026-11-25T10:00:00.000Z';

/** The dispatcher's report of what the platform's endpoint did with the approval request of `id`. */
function reported(id: string, answer: Omit<ApprovalAnswerReceivedV1, 'transactionId' | 'answeredAt'>) {
  const transactionId = toApiId('Transaction', id);
  return createEvent(
    'approval.answer-received',
    1,
    { platformId: caller.platformId, environment: Environment.Sandbox },
    transactionId,
    { transactionId, answeredAt: ANSWERED_AT, ...answer },
  ) as ApprovalAnswerEvent;
}
const answered = (id: string, responseStatus: number, body: unknown = '') =>
  reported(id, { outcome: 'ANSWERED', responseStatus, responseBody: JSON.stringify(body) });

/** The platforms' synchronous answers to pending-payment webhooks, as the dispatcher relays them. */
describe('ApprovalsService: the answers to approval requests', () => {
  let world: ReturnType<typeof approvalsService>;
  const statusOf = (id: string) => world.transactions.row(id)?.status;

  let database: MigratedDatabase;

  beforeAll(async () => {
    database = await MigratedDatabase.create(TRANSFERS_SCHEMA);
  });

  afterAll(async () => {
    await database?.drop();
  });

  beforeEach(() => {
    world = approvalsService(TIMEOUT_SECONDS, database.dataSource);
  });

  afterEach(() => jest.restoreAllMocks());

  it('decides each payment of a batch as its answer says, in one database transaction', async () => {
    const [approved, rejected, lacking, broken] = [1, 2, 3, 4].map(() => world.awaiting());

    await world.service.applyAnswers([
      answered(approved, 200, { receiverCustomerInfo: RECEIVER_INFO }),
      answered(rejected, 403, { reason: 'sanctions' }),
      answered(lacking, 422, { requiredFields: ['NATIONALITY'] }),
      answered(broken, 500),
    ]);

    expect(world.database.transaction).toHaveBeenCalledTimes(1);
    expect(world.transactions.row(approved)).toMatchObject({ status: 'PROCESSING', failureReason: null });
    expect(world.approvals.row(approved)?.receiverCustomerInfo).toEqual(RECEIVER_INFO);
    expect(world.approvals.row(rejected)?.reason).toBe('Rejected by the platform: sanctions');
    expect(statusOf(rejected)).toBe('REJECTED');
    expect(world.transactions.row(lacking)).toMatchObject({
      status: 'FAILED',
      failureReason: 'MISSING_MANDATORY_PAYEE_DATA',
      failureDetail: 'The platform lacks information about the recipient: NATIONALITY',
    });
    expect(world.transactions.row(broken)).toMatchObject({
      status: 'FAILED',
      failureReason: 'PAYMENT_APPROVAL_WEBHOOK_ERROR',
    });
    // Only the approved payment's rail moves; no request caused these changes.
    expect(world.started()).toEqual([approved]);
    expect(world.transactions.applied.every((change) => change.requestId === undefined)).toBe(true);
  });

  it('fails a payment whose endpoint timed out or could not be reached', async () => {
    const [timedOut, unreachable] = [world.awaiting(), world.awaiting()];

    await world.service.applyAnswers([
      reported(timedOut, { outcome: 'TIMED_OUT', error: 'no answer within 30000 ms' }),
      reported(unreachable, { outcome: 'UNREACHABLE', error: 'connect ECONNREFUSED' }),
    ]);

    expect(world.transactions.row(timedOut)).toMatchObject({
      status: 'FAILED',
      failureReason: 'PAYMENT_APPROVAL_TIMED_OUT',
      failureDetail: `The webhook endpoint did not answer within ${TIMEOUT_SECONDS} s`,
    });
    expect(world.transactions.row(unreachable)).toMatchObject({
      status: 'FAILED',
      failureReason: 'PAYMENT_APPROVAL_WEBHOOK_ERROR',
      failureDetail: 'The webhook endpoint could not be reached: connect ECONNREFUSED',
    });
  });

  it('after a 202, keeps the payment PENDING until APPROVAL_TIMEOUT_SECONDS after the answer, for a request to decide', async () => {
    const id = world.awaiting();

    await world.service.applyAnswers([answered(id, 202)]);

    expect(world.approvals.row(id)).toMatchObject({
      status: 'ACKNOWLEDGED',
      deadlineAt: new Date(Date.parse(ANSWERED_AT) + TIMEOUT_SECONDS * 1000),
    });
    expect(world.transactions.applied).toEqual([]);
    await world.service.approve(caller, toApiId('Transaction', id), { receiverCustomerInfo: RECEIVER_INFO });
    expect(statusOf(id)).toBe('PROCESSING');
  });

  it('leaves a payment decided or acknowledged before its answer came as it is', async () => {
    const approvedFirst = world.awaiting();
    await world.service.approve(caller, toApiId('Transaction', approvedFirst), {
      receiverCustomerInfo: RECEIVER_INFO,
    });
    const acknowledged = world.awaiting('ACKNOWLEDGED');

    await world.service.applyAnswers([answered(approvedFirst, 403), answered(acknowledged, 403)]);

    expect(statusOf(approvedFirst)).toBe('PROCESSING');
    expect(statusOf(acknowledged)).toBe('PENDING');
    expect(world.approvals.row(acknowledged)?.status).toBe('ACKNOWLEDGED');
  });

  it('applies a redelivered answer once', async () => {
    const lockUndecided = jest.spyOn(world.approvals, 'lockUndecided');
    const id = world.awaiting();
    const answer = answered(id, 202);

    await world.service.applyAnswers([answer]);
    await world.service.applyAnswers([answer]);

    expect(lockUndecided).toHaveBeenCalledTimes(1);
  });

  it('skips an answer about something that is not a transaction, applying the others', async () => {
    const [untouched, approved] = [world.awaiting(), world.awaiting()];
    const stray = answered(untouched, 403);
    stray.payload = { ...stray.payload, transactionId: toApiId('Quote', untouched) };

    await world.service.applyAnswers([
      stray,
      answered(approved, 200, { receiverCustomerInfo: RECEIVER_INFO }),
    ]);

    expect(statusOf(untouched)).toBe('PENDING');
    expect(statusOf(approved)).toBe('PROCESSING');
  });
});
