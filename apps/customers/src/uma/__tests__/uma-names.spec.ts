import {
  distinctDnsLabel,
  dnsLabelOf,
  generatedUmaAddress,
  isUmaAddress,
  isUmaDomain,
  umaHandleOf,
} from '@customers/uma/uma-names';

describe('umaHandleOf', () => {
  it.each([
    ['customer-42', 'customer-42'],
    ['Jane.Doe_01', 'jane.doe_01'],
    ['José Ñúñez', 'jose-nunez'],
    ['a  b // c', 'a-b-c'],
    ['--edge--', 'edge'],
    ['user@example.com', 'user-example.com'],
  ])('turns the platformCustomerId %j into the handle %j', (platformCustomerId, handle) => {
    expect(umaHandleOf(platformCustomerId)).toBe(handle);
  });

  it('falls back to a fixed handle when nothing usable is left', () => {
    expect(umaHandleOf('ü$%&')).toBe('u');
    expect(umaHandleOf('€€€')).toBe('customer');
  });

  it('keeps handles within the 64 characters UMA allows', () => {
    expect(umaHandleOf('x'.repeat(200))).toHaveLength(64);
  });
});

describe('generatedUmaAddress', () => {
  it('is $<handle>@<domain> on the first attempt', () => {
    expect(generatedUmaAddress('Jane Doe', 'acme.uma.local', false)).toBe('$jane-doe@acme.uma.local');
  });

  it('adds a random suffix on a retry, still a valid address', () => {
    const addresses = new Set(
      Array.from({ length: 20 }, () => generatedUmaAddress('x'.repeat(80), 'acme.uma.local', true)),
    );

    expect(addresses.size).toBe(20);
    for (const address of addresses) {
      expect(address).toMatch(/^\$x{57}-[a-z0-9]{6}@acme\.uma\.local$/);
      expect(isUmaAddress(address)).toBe(true);
    }
  });
});

describe('isUmaAddress', () => {
  it.each([
    '$alice@example.com',
    '$a.b_c+d-e@pay.example.co.uk',
    '$bob@localhost:8080',
    `$${'a'.repeat(64)}@x.io`,
  ])('accepts %j', (address) => expect(isUmaAddress(address)).toBe(true));

  it.each([
    'alice@example.com',
    '$@example.com',
    '$alice',
    '$alice@',
    '$Alice@example.com',
    '$al ice@example.com',
    '$alice@-example.com',
    `$${'a'.repeat(65)}@x.io`,
    `$a@${`${'b'.repeat(60)}.`.repeat(5)}io`,
    42,
  ])('refuses %j', (address) => expect(isUmaAddress(address)).toBe(false));
});

describe('isUmaDomain', () => {
  it.each(['example.com', 'pay.example.co.uk', 'localhost', 'localhost:8080', 'a-b.c'])(
    'accepts %j',
    (domain) => expect(isUmaDomain(domain)).toBe(true),
  );

  it.each([
    '',
    'Example.com',
    'exa mple.com',
    '-example.com',
    'example-.com',
    'example..com',
    'https://example.com',
    null,
  ])('refuses %j', (domain) => expect(isUmaDomain(domain)).toBe(false));
});

describe('dnsLabelOf', () => {
  it('reads like the name and holds only a-z, 0-9 and inner dashes', () => {
    expect(dnsLabelOf('Acme Pay, Inc.')).toBe('acme-pay-inc');
    expect(dnsLabelOf('test-0b7d6c1e_2f43')).toBe('test-0b7d6c1e-2f43');
    expect(dnsLabelOf('...')).toBe('platform');
    expect(dnsLabelOf('y'.repeat(100))).toHaveLength(63);
  });

  it('is made distinct with a tag, still within 63 characters', () => {
    expect(distinctDnsLabel('acme', '1a2b3c4d')).toBe('acme-1a2b3c4d');
    expect(distinctDnsLabel('y'.repeat(63), '1a2b3c4d')).toBe(`${'y'.repeat(54)}-1a2b3c4d`);
  });
});
