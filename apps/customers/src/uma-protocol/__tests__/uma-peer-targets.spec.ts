import { UmaPeerError, UmaPeerTargets } from '@customers/uma-protocol/peers/uma-peer-targets';

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
    });
  });

  it('dials a mapped domain at its address, exact names before wildcards, the Host still naming the domain', () => {
    const targets = new UmaPeerTargets('*.uma.local=127.0.0.1:18080,acme.uma.local=10.0.0.7:443', true);
    expect(targets.of('bank-1a2b.uma.local')).toEqual({
      origin: 'http://127.0.0.1:18080',
      host: 'bank-1a2b.uma.local',
    });
    expect(targets.of('acme.uma.local')).toEqual({ origin: 'https://10.0.0.7:443', host: 'acme.uma.local' });
    expect(targets.of('uma.local').origin).toBe('https://uma.local');
  });

  it('refuses loopback addresses, named or mapped, unless plain HTTP to them is allowed', () => {
    const strict = new UmaPeerTargets('*.uma.local=127.0.0.1:18080', false);
    for (const domain of ['localhost', '127.0.0.1:8080', '127.1.2.3', '[::1]:8080', 'a.uma.local']) {
      expect(refusal(strict, domain)).toBe('NOT_ALLOWED');
    }
    expect(new UmaPeerTargets('', true).of('localhost:9000').origin).toBe('http://localhost:9000');
  });
});
