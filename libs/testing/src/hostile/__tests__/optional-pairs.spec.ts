import { openApiOperations } from '../openapi-operations';
import { optionalPairBodies } from '../optional-pairs';

describe('optionalPairBodies', () => {
  const schema = {
    type: 'object',
    properties: {
      quoteId: { type: 'string' },
      reference: { type: 'string' },
      currencyCode: { type: 'string', enum: ['USD', 'EUR'] },
    },
    required: ['currencyCode'],
  };

  it('sets each pair of optional properties together, one valid and the other of each type it does not take', () => {
    const bodies = optionalPairBodies(schema, {}).map(({ body }) => body);

    const wrongValues = [['x'], 1, { x: 'x' }, null, true];
    expect(bodies).toEqual([
      ...wrongValues.map((reference) => ({ currencyCode: 'USD', quoteId: 'x', reference })),
      ...wrongValues.map((quoteId) => ({ currencyCode: 'USD', reference: 'x', quoteId })),
    ]);
  });

  it('leaves a property the document does not type unpaired as the wrong one, and takes a nullable null', () => {
    const loose = {
      type: 'object',
      properties: { anything: {}, note: { type: 'string', nullable: true } },
    };

    const faults = optionalPairBodies(loose, {}).map(({ fault }) => fault);

    expect(faults).toEqual([
      'note = ["x"] beside a valid anything',
      'note = 1 beside a valid anything',
      'note = {"x":"x"} beside a valid anything',
      'note = true beside a valid anything',
    ]);
  });

  it('pairs reference with an array quoteId for POST /sandbox/send of the committed document', () => {
    const send = openApiOperations().find(
      ({ method, path }) => method === 'POST' && path === '/sandbox/send',
    );

    expect(send?.optionalPairBodies.map(({ body }) => body)).toContainEqual({
      currencyCode: 'USD',
      reference: 'x',
      quoteId: ['x'],
    });
  });

  it('keeps the pairs of the whole document few enough to send in seconds', () => {
    const count = openApiOperations().reduce(
      (sum, operation) => sum + operation.optionalPairBodies.length,
      0,
    );

    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThan(1_000);
  });
});
