import { endpointOnceKnown } from '@webhooks/endpoints/endpoint-catch-up';
import { WebhookEndpoint } from '@webhooks/endpoints/webhook-endpoints.store';

const NONE: WebhookEndpoint = { url: null, format: 'LEGACY' };
const SET: WebhookEndpoint = { url: 'https://platform.example/hooks', format: 'ENVELOPE' };
const SHORT_WAIT = { maxWaitMs: 200, firstPauseMs: 10, maxPauseMs: 40 };

/** A projection that learns the endpoint at its `knownFrom`-th read (never, by default). */
function projection(knownFrom = Infinity) {
  let reads = 0;
  return {
    read: async () => (++reads >= knownFrom ? SET : NONE),
    reads: () => reads,
  };
}

describe('endpointOnceKnown', () => {
  it('answers a known endpoint from the first read, without waiting', async () => {
    const endpoints = projection(1);

    expect(await endpointOnceKnown(endpoints.read, SHORT_WAIT)).toEqual(SET);
    expect(endpoints.reads()).toBe(1);
  });

  it('waits for an endpoint that reaches the projection a moment after the request', async () => {
    const endpoints = projection(3);

    expect(await endpointOnceKnown(endpoints.read, SHORT_WAIT)).toEqual(SET);
    expect(endpoints.reads()).toBe(3);
  });

  it('gives up with no endpoint once the wait is over, having read again with growing pauses', async () => {
    const endpoints = projection();
    const started = Date.now();

    expect(await endpointOnceKnown(endpoints.read, SHORT_WAIT)).toEqual(NONE);
    // Pauses of 10, 20, 40, 40, … ms: a handful of reads (fewer when the timers run late), not one per millisecond.
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
    expect(endpoints.reads()).toBeGreaterThanOrEqual(2);
    expect(endpoints.reads()).toBeLessThanOrEqual(8);
  });
});
