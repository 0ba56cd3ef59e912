import { ApiException, createValidationPipe, FieldError } from '@payments/http';
import { UpdatePlatformConfigDto } from '@customers/platforms/dto/update-platform-config.dto';

const UNKNOWN_FIELD =
  'is not a field this endpoint takes: remove it, or check its name and nesting against docs/api.md';

const USD = {
  currencyCode: 'USD',
  minAmount: 100,
  maxAmount: 1_000_000,
  requiredCounterpartyFields: [{ name: 'FULL_NAME', mandatory: true }],
};

function validated(body: unknown): Promise<UpdatePlatformConfigDto> {
  return createValidationPipe().transform(body, { type: 'body', metatype: UpdatePlatformConfigDto });
}

async function fieldErrors(body: unknown): Promise<FieldError[]> {
  try {
    await validated(body);
  } catch (error) {
    expect((error as ApiException).code).toBe('INVALID_INPUT');
    return (error as ApiException).details!.errors as FieldError[];
  }
  return [];
}

/** Each field named once, in the order of its first error. */
function fieldsOf(errors: FieldError[]): string[] {
  return [...new Set(errors.map((error) => error.field))];
}

describe('UpdatePlatformConfigDto', () => {
  it('accepts a full valid change and an empty one', async () => {
    expect(
      await fieldErrors({
        umaDomain: 'pay.example.com',
        webhookEndpoint: 'https://example.com/webhooks',
        supportedCurrencies: [USD, { ...USD, currencyCode: 'EUR', enabledTransactionTypes: ['OUTGOING'] }],
      }),
    ).toEqual([]);
    expect(await fieldErrors({})).toEqual([]);
  });

  it('accepts local webhook endpoints and lower-cases the UMA domain', async () => {
    const body = await validated({
      umaDomain: 'Pay.Example.COM:8443',
      webhookEndpoint: 'http://127.0.0.1:9000/hooks',
    });
    expect(body.umaDomain).toBe('pay.example.com:8443');
  });

  it('takes null as "no webhook endpoint" but refuses a null domain or currency list', async () => {
    expect(await fieldErrors({ webhookEndpoint: null })).toEqual([]);
    expect(fieldsOf(await fieldErrors({ umaDomain: null, supportedCurrencies: null }))).toEqual([
      'umaDomain',
      'supportedCurrencies',
    ]);
  });

  it('answers a webhook endpoint that is not a string with its type alone, not a length it has not', async () => {
    expect(await fieldErrors({ webhookEndpoint: 7 })).toEqual([
      { field: 'webhookEndpoint', message: 'must be a string' },
    ]);
  });

  it('ignores the read-only provider requirements a client sends back', async () => {
    const echoed = {
      ...USD,
      providerRequiredCustomerFields: ['FULL_NAME'],
      providerRequiredCounterpartyCustomerFields: [],
    };
    expect(await fieldErrors({ supportedCurrencies: [echoed] })).toEqual([]);
  });

  it('lists every bad field at once', async () => {
    const errors = await fieldErrors({
      id: 'PlatformConfig:x',
      umaDomain: 'not a domain',
      webhookEndpoint: 'ftp://example.com',
      supportedCurrencies: [
        {
          currencyCode: 'XYZ',
          minAmount: 10,
          maxAmount: 5,
          requiredCounterpartyFields: [{ name: 'SHOE_SIZE', mandatory: 'yes' }],
        },
        {
          currencyCode: 'EUR',
          minAmount: 1.5,
          maxAmount: -1,
          requiredCounterpartyFields: [],
          enabledTransactionTypes: ['SIDEWAYS'],
        },
      ],
    });

    expect(errors).toEqual([
      { field: 'id', message: UNKNOWN_FIELD },
      { field: 'umaDomain', message: 'must be a domain name such as example.com, optionally with a port' },
      { field: 'webhookEndpoint', message: 'must be an http or https URL' },
      {
        field: 'supportedCurrencies.0.currencyCode',
        message: expect.stringContaining('must be one of USD, EUR'),
      },
      { field: 'supportedCurrencies.0.maxAmount', message: 'must not be less than minAmount' },
      {
        field: 'supportedCurrencies.0.requiredCounterpartyFields.0.name',
        message: expect.stringContaining('FULL_NAME'),
      },
      {
        field: 'supportedCurrencies.0.requiredCounterpartyFields.0.mandatory',
        message: 'must be a boolean value',
      },
      {
        field: 'supportedCurrencies.1.minAmount',
        message: 'must be a JSON integer of minor units, e.g. 10000 for 100.00 USD; got 1.5',
      },
      { field: 'supportedCurrencies.1.maxAmount', message: 'must not be less than minAmount' },
      { field: 'supportedCurrencies.1.maxAmount', message: 'must not be less than 0' },
      {
        field: 'supportedCurrencies.1.enabledTransactionTypes',
        message: expect.stringContaining('INCOMING, OUTGOING'),
      },
    ]);
  });

  it('refuses a currency listed twice, a counterparty field named twice and an empty list', async () => {
    expect(await fieldErrors({ supportedCurrencies: [USD, USD] })).toEqual([
      { field: 'supportedCurrencies', message: 'must not list a currency twice' },
    ]);
    const twice = {
      ...USD,
      requiredCounterpartyFields: [USD.requiredCounterpartyFields[0], USD.requiredCounterpartyFields[0]],
    };
    expect(await fieldErrors({ supportedCurrencies: [twice] })).toEqual([
      { field: 'supportedCurrencies.0.requiredCounterpartyFields', message: 'must not name a field twice' },
    ]);
    expect(await fieldErrors({ supportedCurrencies: [] })).toEqual([
      { field: 'supportedCurrencies', message: 'must be an array of 1 to 11 entries' },
    ]);
  });

  it('requires the amounts and counterparty fields of each currency', async () => {
    expect(fieldsOf(await fieldErrors({ supportedCurrencies: [{ currencyCode: 'USD' }] }))).toEqual([
      'supportedCurrencies.0.minAmount',
      'supportedCurrencies.0.maxAmount',
      'supportedCurrencies.0.requiredCounterpartyFields',
    ]);
  });
});
