import { fixInstalledKafkajs } from '../kafkajs-idle-timer';

// kafkajs's own request queue, with the fix applied as every app applies it.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const RequestQueue = require('kafkajs/src/network/requestQueue');

const silentLogger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

function requestQueue() {
  return new RequestQueue({
    maxInFlightRequests: 1,
    requestTimeout: 30_000,
    enforceRequestTimeout: false,
    clientId: 'test',
    broker: 'localhost:9092',
    logger: silentLogger,
  });
}

/** A Produce request as a connection pushes it; `sendRequest` is what writes it to the socket. */
function produceRequest(correlationId: number, expectResponse: boolean, sendRequest: () => unknown) {
  return {
    entry: {
      correlationId,
      apiKey: 0,
      apiName: 'Produce',
      apiVersion: 7,
      resolve: () => undefined,
      reject: () => undefined,
    },
    expectResponse,
    sendRequest,
  };
}

describe('the kafkajs request queue fix', () => {
  beforeAll(() => {
    // Fails when kafkajs changes version: check whether the new one still re-arms its idle timer.
    expect(fixInstalledKafkajs()).toBe(true);
  });

  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('arms no timer on a connection with nothing waiting, after a response as at rest', () => {
    const queue = requestQueue();
    queue.checkPendingRequests();
    queue.fulfillRequest({ correlationId: 1, payload: Buffer.alloc(0), size: 0 });

    expect(queue.throttleCheckTimeoutId).toBeNull();
    expect(jest.getTimerCount()).toBe(0);
    queue.destroy();
  });

  it('sends a request queued behind a broker throttle when the throttle ends', () => {
    const queue = requestQueue();
    const sent: number[] = [];
    queue.throttledUntil = Date.now() + 250;
    queue.push(produceRequest(7, false, () => sent.push(7)));

    expect(sent).toEqual([]);
    expect(jest.getTimerCount()).toBe(1);
    jest.advanceTimersByTime(249);
    expect(sent).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(sent).toEqual([7]);
    expect(jest.getTimerCount()).toBe(0);
    queue.destroy();
  });

  it('looks again after 10 ms at a request that waits for an in-flight slot', () => {
    const queue = requestQueue();
    const checks = jest.spyOn(queue, 'checkPendingRequests');
    queue.inflight.set(1, {});
    queue.push(produceRequest(2, true, () => undefined));

    expect(queue.pending).toHaveLength(1);
    jest.advanceTimersByTime(10);
    expect(checks).toHaveBeenCalledTimes(1);
    queue.destroy();
  });
});
