import { randomUUID } from 'node:crypto';
import { isIdOf, toApiId, uuidOf } from '../ids';

describe('resource ids', () => {
  it('makes ids of the form <type>:<uuid> that isIdOf recognises and uuidOf reads back', () => {
    const uuid = randomUUID();
    const id = toApiId('Quote', uuid);

    expect(id).toBe(`Quote:${uuid}`);
    expect(isIdOf('Quote', id)).toBe(true);
    expect(uuidOf('Quote', id)).toBe(uuid);
  });

  it('accepts a uuid in upper case', () => {
    expect(isIdOf('Customer', 'Customer:6F1C2B7E-0D7A-4C4B-9C55-2B1A3E4D5F60')).toBe(true);
  });

  it('reads the uuid of an id in lower case, as Postgres returns it', () => {
    expect(uuidOf('Customer', 'Customer:6F1C2B7E-0D7A-4C4B-9C55-2B1A3E4D5F60')).toBe(
      '6f1c2b7e-0d7a-4c4b-9c55-2b1a3e4d5f60',
    );
    expect(uuidOf('Quote', 'Customer:6f1c2b7e-0d7a-4c4b-9c55-2b1a3e4d5f60')).toBeUndefined();
  });

  it.each([
    ['an id of another type', 'Transaction:6f1c2b7e-0d7a-4c4b-9c55-2b1a3e4d5f60'],
    ['a type that only starts like the expected one', 'Quotes:6f1c2b7e-0d7a-4c4b-9c55-2b1a3e4d5f60'],
    ['a bare uuid', '6f1c2b7e-0d7a-4c4b-9c55-2b1a3e4d5f60'],
    ['a prefix without uuid', 'Quote:'],
    ['a malformed uuid', 'Quote:6f1c2b7e-0d7a-4c4b-9c55'],
    ['a uuid with trailing text', 'Quote:6f1c2b7e-0d7a-4c4b-9c55-2b1a3e4d5f60/../x'],
    ['a lower-case type', 'quote:6f1c2b7e-0d7a-4c4b-9c55-2b1a3e4d5f60'],
  ])('refuses %s', (_case, id) => {
    expect(isIdOf('Quote', id)).toBe(false);
  });
});
