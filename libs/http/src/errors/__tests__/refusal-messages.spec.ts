import { accountNotActive } from '../account-not-active';
import { ApiException } from '../api.exception';

// The audit of docs/api.md#errors kept honest: each shared refusal names what it concerns and says
// what the client can do, after a colon.
describe('refusal messages', () => {
  const table: [string, ApiException, string, RegExp][] = [
    [
      'a resource not found',
      ApiException.notFound('QUOTE_NOT_FOUND', 'Quote Quote:0194'),
      'Quote:0194',
      /: check the id, or the credentials' environment \(sandbox vs production\)$/,
    ],
    [
      'a PENDING account',
      accountNotActive('ExternalAccount:01', 'PENDING'),
      'ExternalAccount:01 is PENDING',
      /: it turns ACTIVE shortly after linking; retry then$/,
    ],
    [
      'an INACTIVE account',
      accountNotActive('ExternalAccount:02', 'INACTIVE'),
      'ExternalAccount:02 is INACTIVE',
      /: use an ACTIVE account instead$/,
    ],
    ['an unknown path', ApiException.routeNotFound(), 'No route', /: check it against the API reference/],
  ];

  it.each(table)('%s names it and says what to do', (_, refusal, names, instruction) => {
    expect(refusal.message).toContain(names);
    expect(refusal.message).toMatch(instruction);
  });

  it('keeps the code and status of a refusal', () => {
    expect(ApiException.notFound('TRANSACTION_NOT_FOUND', 'Transaction Transaction:1')).toMatchObject({
      code: 'TRANSACTION_NOT_FOUND',
      status: 404,
    });
    expect(accountNotActive('ExternalAccount:1', 'PENDING')).toMatchObject({
      code: 'ACCOUNT_NOT_ACTIVE',
      status: 422,
    });
  });
});
