import { payerDataFields, requestedPayerData, userInfoOf } from '@customers/uma-protocol/uma-payer-data';

describe('UMA payer data', () => {
  const currency = (fields: { name: string; mandatory: boolean }[]) =>
    ({ requiredCounterpartyFields: fields }) as never;

  it('asks the full name always, and each currency’s counterparty fields, mandatory if any currency says so', () => {
    expect(
      requestedPayerData([
        currency([{ name: 'BIRTH_DATE', mandatory: false }]),
        currency([
          { name: 'BIRTH_DATE', mandatory: true },
          { name: 'NATIONALITY', mandatory: false },
        ]),
      ]),
    ).toEqual({
      FULL_NAME: { mandatory: true },
      BIRTH_DATE: { mandatory: true },
      NATIONALITY: { mandatory: false },
    });
  });

  it('shows the sender only user-info fields to fill, not the protocol’s own keys or unknown ones', () => {
    expect(
      payerDataFields({
        identifier: { mandatory: true },
        compliance: { mandatory: true },
        FULL_NAME: { mandatory: true },
        SHOE_SIZE: { mandatory: true },
      }),
    ).toEqual([{ name: 'FULL_NAME', mandatory: true }]);
  });

  it('reads the string user-info fields of a pay request’s payer data', () => {
    expect(
      userInfoOf({ identifier: '$ada@a.example', FULL_NAME: 'Ada', BIRTH_DATE: 1, EMAIL: 'a@b.c' }),
    ).toEqual({
      FULL_NAME: 'Ada',
      EMAIL: 'a@b.c',
    });
  });
});
