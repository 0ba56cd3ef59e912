import { ApiException, FieldError } from '@payments/http';
import {
  CreateExternalAccountDto,
  CreatePlatformExternalAccountDto,
} from '@customers/external-accounts/dto/create-external-account.dto';
import { ExternalAccountBodyPipe } from '@customers/external-accounts/external-account-body.pipe';
import { accountOf, BENEFICIARY } from '@customers/external-accounts/__tests__/account-fixtures';

const UNKNOWN_FIELD =
  'is not a field this endpoint takes: remove it, or check its name and nesting against docs/api.md';

const customerPipe = new ExternalAccountBodyPipe(CreateExternalAccountDto);
const platformPipe = new ExternalAccountBodyPipe(CreatePlatformExternalAccountDto);

const CUSTOMER_ID = 'Customer:019542f5-b3e7-1d02-0000-000000000001';

function usAccount(changes: object = {}, fields: object = {}) {
  return { ...accountOf('US_ACCOUNT', changes), customerId: CUSTOMER_ID, ...fields };
}

async function refusal(
  pipe: ExternalAccountBodyPipe,
  body: unknown,
): Promise<{ code: string; errors: FieldError[] }> {
  let error: unknown;
  try {
    pipe.transform(body);
  } catch (thrown) {
    error = thrown;
  }
  expect(error).toBeInstanceOf(ApiException);
  const { code, details } = error as ApiException;
  return { code, errors: details!.errors as FieldError[] };
}

function fieldsOf(errors: FieldError[]): string[] {
  return errors.map((error) => error.field);
}

describe('ExternalAccountBodyPipe', () => {
  it('passes a valid body, keeping accountInfo as written', async () => {
    const body = usAccount();
    const request = await customerPipe.transform(body);
    expect(JSON.parse(JSON.stringify(request))).toEqual(body);
  });

  it('stores an IBAN and a BIC compact and upper-case', async () => {
    const request = await platformPipe.transform(
      accountOf('IBAN', { iban: 'de89 3704 0044 0532 0130 00', swiftBic: 'deutdeff' }),
    );
    expect(request.accountInfo).toMatchObject({ iban: 'DE89370400440532013000', swiftBic: 'DEUTDEFF' });
  });

  it('refuses a shape error with INVALID_INPUT, listing every bad field at once', async () => {
    const { code, errors } = await refusal(
      customerPipe,
      usAccount(
        {
          routingNumber: 21000021,
          accountCategory: 'BROKERAGE',
          beneficiary: { ...BENEFICIARY, birthDate: '2999-01-01', address: { line1: '1 Main Street' } },
          colour: 'blue',
        },
        { currency: 'XYZ', defaultUmaDepositAccount: 'yes' },
      ),
    );
    expect(code).toBe('INVALID_INPUT');
    expect(fieldsOf(errors).sort()).toEqual(
      [
        'currency',
        'defaultUmaDepositAccount',
        'accountInfo.colour',
        'accountInfo.routingNumber',
        'accountInfo.accountCategory',
        'accountInfo.beneficiary.birthDate',
        'accountInfo.beneficiary.address.city',
        'accountInfo.beneficiary.address.state',
        'accountInfo.beneficiary.address.postalCode',
        'accountInfo.beneficiary.address.country',
      ].sort(),
    );
  });

  it('refuses bad identifiers with INVALID_BANK_ACCOUNT once the shape is right', async () => {
    const { code, errors } = await refusal(
      customerPipe,
      usAccount({ accountNumber: '12-34', routingNumber: '021000022' }),
    );
    expect(code).toBe('INVALID_BANK_ACCOUNT');
    expect(fieldsOf(errors)).toEqual(['accountInfo.accountNumber', 'accountInfo.routingNumber']);
  });

  it('reports shape errors before identifiers: a body with both is INVALID_INPUT', async () => {
    const { code, errors } = await refusal(
      customerPipe,
      usAccount({ routingNumber: '1', accountCategory: 'X' }),
    );
    expect(code).toBe('INVALID_INPUT');
    expect(fieldsOf(errors)).toEqual(['accountInfo.accountCategory']);
  });

  it('judges only the type of an accountInfo of an unknown type, and the rest of the body', async () => {
    const { code, errors } = await refusal(
      customerPipe,
      usAccount({ accountType: 'CARD', cardNumber: '4111111111111111' }, { currency: 'XYZ' }),
    );
    expect(code).toBe('INVALID_INPUT');
    expect(fieldsOf(errors).sort()).toEqual(['accountInfo.accountType', 'currency']);
  });

  it.each([
    ['missing', undefined],
    ['an array', []],
    ['a string', 'US_ACCOUNT'],
  ])('refuses an accountInfo that is %s', async (_case, accountInfo) => {
    const { code, errors } = await refusal(customerPipe, { currency: 'USD', accountInfo });
    expect(code).toBe('INVALID_INPUT');
    expect(errors).toContainEqual({ field: 'accountInfo', message: 'must be an object' });
    expect(new Set(fieldsOf(errors))).toEqual(new Set(['accountInfo']));
  });

  it('requires a beneficiary of bank accounts, and refuses one on a wallet', async () => {
    const withoutBeneficiary = usAccount();
    delete (withoutBeneficiary.accountInfo as { beneficiary?: unknown }).beneficiary;
    expect(fieldsOf((await refusal(customerPipe, withoutBeneficiary)).errors)).toEqual([
      'accountInfo.beneficiary',
    ]);

    expect(platformPipe.transform(accountOf('SPARK_WALLET'))).toBeDefined();
    const { errors } = await refusal(platformPipe, accountOf('SPARK_WALLET', { beneficiary: BENEFICIARY }));
    expect(fieldsOf(errors)).toEqual(['accountInfo.beneficiary']);
  });

  it('takes customerId only on the customer route', async () => {
    const { errors } = await refusal(platformPipe, usAccount());
    expect(errors).toEqual([{ field: 'customerId', message: UNKNOWN_FIELD }]);
  });
});
