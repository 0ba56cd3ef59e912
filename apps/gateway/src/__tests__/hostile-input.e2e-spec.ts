import {
  ApiClient,
  bootstrapPlatform,
  e2eStack,
  HostileOutcome,
  hostileRequests,
  misjudgement,
  openApiOperations,
  optionalPairRequests,
  sendHostile,
} from '@payments/testing';
import fc from 'fast-check';

const PREFIX = '/2025-10-13';
const REQUESTS = 10_000;

/** What a platform can see of its own data: none of it may change when every request is refused. */
async function visibleState(client: ApiClient): Promise<unknown[]> {
  const counts = [
    '/customers',
    '/quotes',
    '/transactions',
    '/customers/external-accounts',
    '/customers/internal-accounts',
    '/tokens',
  ];
  return Promise.all([
    client.get('/config').then((response) => response.body),
    client.get('/fee-rules').then((response) => response.body),
    ...counts.map((path) =>
      client.get(path).then((response) => [path, response.status, response.body.totalCount]),
    ),
  ]);
}

describe('Hostile input at the edge', () => {
  const stack = e2eStack();

  it(`refuses ${REQUESTS} generated hostile requests to every operation with a 4xx in the envelope, and writes nothing`, async () => {
    const { sandbox } = bootstrapPlatform();
    const client = new ApiClient(`${stack.gatewayUrl}${PREFIX}`, sandbox);
    const authorization = `Basic ${Buffer.from(`${sandbox.clientId}:${sandbox.clientSecret}`).toString('base64')}`;
    const operations = openApiOperations();
    // A new seed each run widens what the suite covers over time; a failure names it to replay.
    const seed = Number(process.env.HOSTILE_SEED ?? Math.floor(Math.random() * 2 ** 31));
    const requests = [
      ...fc.sample(hostileRequests(operations, authorization), { numRuns: REQUESTS, seed }),
      ...optionalPairRequests(operations, authorization),
    ];
    const before = await visibleState(client);

    const outcomes = await sendHostile(stack.gatewayUrl, PREFIX, requests, 16);

    const wrong = outcomes
      .map((outcome: HostileOutcome) => ({ outcome, why: misjudgement(outcome) }))
      .filter(({ why }) => why !== undefined)
      .map(
        ({ outcome, why }) =>
          `${why} to ${outcome.request.fault} (seed ${seed}): ${outcome.body.slice(0, 200)}`,
      );
    expect(wrong.slice(0, 20)).toEqual([]);
    expect(new Set(requests.map((request) => request.fault.split(':')[0])).size).toBe(operations.length);
    expect(await visibleState(client)).toEqual(before);
  });
});
