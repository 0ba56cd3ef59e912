import {
  isAbaRoutingNumber,
  isClabe,
  isCnpj,
  isCpf,
  isPixKey,
  isUsAccountNumber,
  isVpa,
  isWalletAddress,
} from '@customers/external-accounts/bank-identifiers';

describe('isAbaRoutingNumber', () => {
  it.each(['021000021', '026009593', '121000248', '011000015'])('accepts the routing number %s', (value) => {
    expect(isAbaRoutingNumber(value)).toBe(true);
  });

  it.each([
    ['a wrong check digit', '021000022'],
    ['a sequence that fails the sum', '123456789'],
    ['8 digits', '02100002'],
    ['10 digits', '0210000210'],
    ['a letter', '02100002A'],
    ['spaces', '021 000 021'],
  ])('refuses %s', (_case, value) => {
    expect(isAbaRoutingNumber(value)).toBe(false);
  });
});

describe('isUsAccountNumber', () => {
  it.each(['1234', '123456789', '12345678901234567'])('accepts %s', (value) => {
    expect(isUsAccountNumber(value)).toBe(true);
  });

  it.each(['123', '123456789012345678', '12345678a', '', '1234-5678'])('refuses %j', (value) => {
    expect(isUsAccountNumber(value)).toBe(false);
  });
});

describe('isClabe', () => {
  it.each(['002010077777777771', '012180001183597198', '072180001234567897'])('accepts %s', (value) => {
    expect(isClabe(value)).toBe(true);
  });

  it.each([
    ['a wrong check digit', '002010077777777772'],
    ['17 digits', '00201007777777777'],
    ['19 digits', '0020100777777777710'],
    ['a letter', '00201007777777777A'],
  ])('refuses %s', (_case, value) => {
    expect(isClabe(value)).toBe(false);
  });
});

describe('isCpf', () => {
  it.each(['52998224725', '11144477735', '12345678909'])('accepts %s', (value) => {
    expect(isCpf(value)).toBe(true);
  });

  it.each([
    ['a wrong first check digit', '52998224715'],
    ['a wrong second check digit', '52998224726'],
    ['one digit repeated, which passes the sums', '11111111111'],
    ['punctuation', '529.982.247-25'],
    ['10 digits', '5299822472'],
  ])('refuses %s', (_case, value) => {
    expect(isCpf(value)).toBe(false);
  });
});

describe('isCnpj', () => {
  it.each(['11222333000181', '11444777000161', '45723174000110'])('accepts %s', (value) => {
    expect(isCnpj(value)).toBe(true);
  });

  it.each([
    ['a wrong first check digit', '11222333000191'],
    ['a wrong second check digit', '11222333000182'],
    ['one digit repeated', '00000000000000'],
    ['punctuation', '11.222.333/0001-81'],
    ['a CPF', '52998224725'],
  ])('refuses %s', (_case, value) => {
    expect(isCnpj(value)).toBe(false);
  });
});

describe('isPixKey', () => {
  it.each([
    ['CPF', '52998224725'],
    ['CNPJ', '11222333000181'],
    ['EMAIL', 'jane.doe@example.com.br'],
    ['PHONE', '+5511987654321'],
    ['PHONE', '+551133334444'],
    ['RANDOM', '123e4567-e89b-42d3-a456-426614174000'],
  ] as const)('accepts a %s key %s', (keyType, key) => {
    expect(isPixKey(key, keyType)).toBe(true);
  });

  it.each([
    ['CPF', '52998224726'],
    ['CPF', '11222333000181'],
    ['CNPJ', '52998224725'],
    ['EMAIL', 'not-an-email'],
    ['EMAIL', `${'a'.repeat(70)}@example.com`],
    ['PHONE', '+14155551234'],
    ['PHONE', '11987654321'],
    ['PHONE', '+5501987654321'],
    ['RANDOM', 'not-a-uuid'],
    ['RANDOM', '52998224725'],
  ] as const)('refuses a %s key %s', (keyType, key) => {
    expect(isPixKey(key, keyType)).toBe(false);
  });
});

describe('isVpa', () => {
  it.each(['jane.doe@okbank', 'jane-doe_1@ybl', '9876543210@paytm', 'ab@upi'])('accepts %s', (value) => {
    expect(isVpa(value)).toBe(true);
  });

  it.each(['jane.doe', '@okbank', 'jane@', 'jane@@okbank', 'jane doe@okbank', 'jane@ok.bank', 'j@okbank'])(
    'refuses %j',
    (value) => {
      expect(isVpa(value)).toBe(false);
    },
  );
});

describe('isWalletAddress', () => {
  it.each(['spark1pgssyuuuhnrrdjswal5c3s3rafw9w3y5dd4cjy3duxlf7hjzkp0rqx6dj6mrhu', 'x'])(
    'accepts %s',
    (value) => {
      expect(isWalletAddress(value)).toBe(true);
    },
  );

  it.each(['', ' ', 'spark1 abc', 'a'.repeat(201)])('refuses %j', (value) => {
    expect(isWalletAddress(value)).toBe(false);
  });
});
