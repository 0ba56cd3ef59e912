import {
  afterAttempt,
  AttemptResult,
  isDelivered,
  parseRetrySchedule,
  WAITING_FOR_ENDPOINT,
  withoutEndpoint,
} from '@webhooks/deliveries/delivery-policy';

const NOW = new Date('2025-10-13T12:00:00.000Z');
const SCHEDULE = [5, 30, 120];

function answered(responseStatus: number): AttemptResult {
  return {
    url: 'https://platform.example/webhooks',
    startedAt: NOW,
    durationMs: 12,
    responseStatus,
    responseBody: '',
  };
}

function unreachable(error = 'connect ECONNREFUSED 127.0.0.1:9'): AttemptResult {
  return { url: 'https://platform.example/webhooks', startedAt: NOW, durationMs: 3, error };
}

const secondsAfterNow = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);

describe('parseRetrySchedule', () => {
  it('reads the delays in seconds, in order', () => {
    expect(parseRetrySchedule('5,30,120,600')).toEqual([5, 30, 120, 600]);
    expect(parseRetrySchedule('1')).toEqual([1]);
  });
});

describe('isDelivered', () => {
  it.each([200, 201, 202, 204, 299, 409])('counts %i as delivered', (status) => {
    expect(isDelivered(answered(status))).toBe(true);
  });

  it.each([301, 400, 404, 410, 429, 500, 503])('counts %i as not delivered', (status) => {
    expect(isDelivered(answered(status))).toBe(false);
  });

  it('counts no answer as not delivered', () => {
    expect(isDelivered(unreachable())).toBe(false);
  });
});

describe('afterAttempt', () => {
  it('marks an accepted webhook DELIVERED at once, whatever attempt it was', () => {
    expect(afterAttempt(SCHEDULE, 3, answered(204), NOW)).toEqual({
      status: 'DELIVERED',
      nextAttemptAt: NOW,
      lastError: null,
    });
  });

  it('retries after the delay the schedule gives for that attempt', () => {
    expect(afterAttempt(SCHEDULE, 1, answered(500), NOW)).toEqual({
      status: 'PENDING',
      nextAttemptAt: secondsAfterNow(5),
      lastError: 'answered 500',
    });
    expect(afterAttempt(SCHEDULE, 2, unreachable(), NOW)).toEqual({
      status: 'PENDING',
      nextAttemptAt: secondsAfterNow(30),
      lastError: 'connect ECONNREFUSED 127.0.0.1:9',
    });
    expect(afterAttempt(SCHEDULE, 3, answered(503), NOW).nextAttemptAt).toEqual(secondsAfterNow(120));
  });

  it('gives up after one attempt more than the schedule has delays, with the last reason', () => {
    expect(afterAttempt(SCHEDULE, 4, unreachable('no answer within 10000 ms'), NOW)).toEqual({
      status: 'FAILED',
      nextAttemptAt: NOW,
      lastError: 'gave up after 4 attempt(s): no answer within 10000 ms',
    });
  });

  it('with an empty schedule, makes one attempt only', () => {
    expect(afterAttempt([], 1, answered(404), NOW)).toMatchObject({
      status: 'FAILED',
      lastError: 'gave up after 1 attempt(s): answered 404',
    });
  });
});

describe('withoutEndpoint', () => {
  it('waits for an endpoint until the wait, counted from creation, is over', () => {
    const createdAt = new Date(NOW.getTime() - 10_000);

    expect(withoutEndpoint(3_600, createdAt, NOW)).toEqual({
      status: 'PENDING',
      nextAttemptAt: new Date(createdAt.getTime() + 3_600_000),
      lastError: WAITING_FOR_ENDPOINT,
    });
  });

  it('gives up once that time has passed', () => {
    const createdAt = new Date(NOW.getTime() - 3_600_000);

    expect(withoutEndpoint(3_600, createdAt, NOW)).toEqual({
      status: 'FAILED',
      nextAttemptAt: NOW,
      lastError: 'gave up: no webhook endpoint was set within 3600 s',
    });
  });
});
