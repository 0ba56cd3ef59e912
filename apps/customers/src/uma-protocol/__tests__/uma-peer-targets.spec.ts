import {
  isAllowedAddress,
  UmaPeerError,
  UmaPeerTargets,
} from '@customers/uma-protocol/peers/uma-peer-targets';

describe('UmaPeerTargets', () => {
  const refusal = (targets: UmaPeerTargets, domain: string) => {
    try {
      targets.of(domain);
    } catch (error) {
      return (error as UmaPeerError).failure;
    }
    throw new Error(`${domain} was allowed`);
  };

  it('calls a domain over HTTPS at its own name', () => {
    expect(new UmaPeerTargets('', false).of('Vasp.Example:8443')).toEqual({
      origin: 'https://vasp.example:8443',
      host: 'vasp.example:8443',
      mapped: false,
    });
  });

  it('dials a mapped domain at its address, exact names before wildcards, the Host still naming the domain', () => {
    const targets = new UmaPeerTargets('*.uma.local=127.0.0.1:18080,acme.uma.local=10.0.0.7:443', true);
    expect(targets.of('bank-1a2b.uma.local')).toEqual({
      origin: 'http://127.0.0.1:18080',
      host: 'bank-1a2b.uma.local',
      mapped: true,
    });
    expect(targets.of('acme.uma.local')).toEqual({
      origin: 'https://10.0.0.7:443',
      host: 'acme.uma.local',
      mapped: true,
    });
    expect(targets.of('uma.local').origin).toBe('https://uma.local');
    expect(new UmaPeerTargets('*.uma.local=http://gateway:8080', false).of('a.uma.local')).toEqual({
      origin: 'http://gateway:8080',
      host: 'a.uma.local',
      mapped: true,
    });
  });

  it('refuses loopback addresses, named or mapped, unless plain HTTP to them is allowed', () => {
    const strict = new UmaPeerTargets('*.uma.local=127.0.0.1:18080', false);
    for (const domain of ['localhost', '127.0.0.1:8080', '127.1.2.3', '[::1]:8080', 'a.uma.local']) {
      expect(refusal(strict, domain)).toBe('NOT_ALLOWED');
    }
    expect(new UmaPeerTargets('', true).of('localhost:9000').origin).toBe('http://localhost:9000');
  });

  it('refuses a private address a peer names itself, whatever the loopback setting', () => {
    const lenient = new UmaPeerTargets('', true);
    for (const domain of ['10.1.2.3', '192.168.0.1:443', '169.254.169.254', '172.20.0.1', '[fd00::1]']) {
      expect(refusal(lenient, domain)).toBe('NOT_ALLOWED');
    }
    expect(lenient.of('8.8.8.8').origin).toBe('https://8.8.8.8');
  });

  it('tells allowed addresses from private and loopback ones, IPv4-mapped IPv6 included', () => {
    expect(isAllowedAddress('93.184.216.34', false)).toBe(true);
    expect(isAllowedAddress('2606:2800:220:1::1', false)).toBe(true);
    for (const address of ['10.0.0.1', '::ffff:192.168.1.1', 'fe80::1', '0.0.0.0', '100.64.0.1']) {
      expect(isAllowedAddress(address, true)).toBe(false);
    }
    expect(isAllowedAddress('127.0.0.1', false)).toBe(false);
    expect(isAllowedAddress('127.0.0.1', true)).toBe(true);
    expect(isAllowedAddress('::1', true)).toBe(true);
  });
});
