import { EgressPolicy } from '@payments/egress';
import { UmaPeerError, UmaPeerTargets } from '@customers/uma-protocol/peers/uma-peer-targets';

const STRICT = new EgressPolicy(false);
const PRIVATE_ALLOWED = new EgressPolicy(true);

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
    expect(new UmaPeerTargets('', STRICT).of('Vasp.Example:8443')).toEqual({
      origin: 'https://vasp.example:8443',
      host: 'vasp.example:8443',
      mapped: false,
    });
  });

  it('dials a mapped domain at its address, exact names before wildcards, the Host still naming the domain', () => {
    const targets = new UmaPeerTargets(
      '*.uma.local=127.0.0.1:18080,acme.uma.local=10.0.0.7:443',
      PRIVATE_ALLOWED,
    );
    expect(targets.of('bank-1a2b.uma.local')).toEqual({
      origin: 'http://127.0.0.1:18080',
      host: 'bank-1a2b.uma.local',
      mapped: true,
    });
    expect(targets.of('acme.uma.local')).toEqual({
      origin: 'https://10.0.0.7',
      host: 'acme.uma.local',
      mapped: true,
    });
    expect(targets.of('uma.local').origin).toBe('https://uma.local');
    expect(new UmaPeerTargets('*.uma.local=http://gateway:8080', STRICT).of('a.uma.local')).toEqual({
      origin: 'http://gateway:8080',
      host: 'a.uma.local',
      mapped: true,
    });
  });

  it('refuses loopback in every spelling, named or mapped, unless private networks are allowed', () => {
    const strict = new UmaPeerTargets('*.uma.local=127.0.0.1:18080', STRICT);
    const spellings = [
      'localhost',
      '127.0.0.1:8080',
      '127.1.2.3',
      '[::1]:8080',
      'a.uma.local',
      '2130706433',
      '0x7f000001',
      '0177.0.0.1',
      '127.1',
      '0',
      '127.0.0.1.',
      '[::ffff:127.0.0.1]',
    ];
    for (const domain of spellings) expect(refusal(strict, domain)).toBe('NOT_ALLOWED');
    const open = new UmaPeerTargets('', PRIVATE_ALLOWED);
    expect(open.of('localhost:9000').origin).toBe('http://localhost:9000');
    expect(open.of('2130706433:9000').origin).toBe('http://127.0.0.1:9000');
  });

  it('refuses a domain that is not one: user info, paths, queries', () => {
    const open = new UmaPeerTargets('', PRIVATE_ALLOWED);
    for (const domain of [
      'user@127.0.0.1',
      'vasp.example@169.254.169.254',
      'vasp.example/x',
      'vasp.example?x',
      'a b',
    ]) {
      expect(refusal(open, domain)).toBe('NOT_ALLOWED');
    }
  });

  it('refuses private, special-purpose and metadata addresses a peer names itself; metadata even when private networks are allowed', () => {
    const strict = new UmaPeerTargets('', STRICT);
    for (const domain of [
      '10.1.2.3',
      '192.168.0.1:443',
      '172.20.0.1',
      '[fd00::1]',
      '198.18.0.1',
      '224.0.0.1',
      '240.0.0.1',
      '[64:ff9b::a00:1]',
      '[::a00:1]',
      '[fec0::1]',
      'redis',
      'metadata.google.internal',
    ]) {
      expect(refusal(strict, domain)).toBe('NOT_ALLOWED');
    }
    const open = new UmaPeerTargets('', PRIVATE_ALLOWED);
    for (const domain of [
      '169.254.169.254',
      '2852039166',
      '[fd00:ec2::254]',
      '100.100.100.200',
      'metadata.google.internal',
    ]) {
      expect(refusal(open, domain)).toBe('NOT_ALLOWED');
    }
    expect(open.of('10.1.2.3').origin).toBe('https://10.1.2.3');
    expect(strict.of('8.8.8.8').origin).toBe('https://8.8.8.8');
  });
});
