import { ApiException } from '@payments/http';
import { parseUmaAddress } from '@quoting/uma/uma-address';

describe('parseUmaAddress', () => {
  it('splits $user@domain, in lower case', () => {
    expect(parseUmaAddress(' $Success.EUR@Sandbox.Grid.UMA.money ')).toEqual({
      address: '$success.eur@sandbox.grid.uma.money',
      user: 'success.eur',
      domain: 'sandbox.grid.uma.money',
    });
    expect(parseUmaAddress('$bob@127.0.0.1:8443').domain).toBe('127.0.0.1:8443');
  });

  it.each([
    'bob@acme.example',
    '$@acme.example',
    '$bob',
    '$bob@',
    '$b b@acme.example',
    `$${'a'.repeat(65)}@x.example`,
    '$bob@-acme.example',
  ])('refuses %p with 400 INVALID_UMA_ADDRESS', (value) => {
    expect(() => parseUmaAddress(value)).toThrow(ApiException);
    try {
      parseUmaAddress(value);
    } catch (error) {
      expect((error as ApiException).code).toBe('INVALID_UMA_ADDRESS');
    }
  });
});
