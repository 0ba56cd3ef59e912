import { EgressPolicy } from '../address-policy';
import { egressUrlProblem } from '../egress-url';

const STRICT = new EgressPolicy(false);
const PRIVATE_ALLOWED = new EgressPolicy(true);
const SANDBOX = { requireHttps: false };

const METADATA = /cloud metadata/;
const PRIVATE = /loopback or private/;
const SPECIAL = /special-purpose/;
const LOCAL_NAME = /public host/;

/** [url, what the strict policy says, what EGRESS_ALLOW_PRIVATE_NETWORKS=true says] */
const ATTACKS: [string, RegExp, RegExp | undefined][] = [
  // Loopback, in every spelling the WHATWG parser turns into 127.0.0.1
  ['http://127.0.0.1/', PRIVATE, undefined],
  ['http://2130706433/', PRIVATE, undefined],
  ['http://0x7f000001/', PRIVATE, undefined],
  ['http://0x7f.1/', PRIVATE, undefined],
  ['http://0177.0.0.1/', PRIVATE, undefined],
  ['http://127.1/', PRIVATE, undefined],
  ['http://127.0.0.1./', PRIVATE, undefined],
  ['http://127.0.0.1%2e/', PRIVATE, undefined],
  ['http://①②⑦.0.0.1/', PRIVATE, undefined],
  ['http://127.255.255.254:8081/', PRIVATE, undefined],
  ['http://[::1]/', PRIVATE, undefined],
  ['http://[0:0:0:0:0:0:0:1]/', PRIVATE, undefined],
  ['http://[::ffff:127.0.0.1]/', PRIVATE, undefined],
  ['http://[::ffff:7f00:1]/', PRIVATE, undefined],
  ['http://[2002:7f00:1::]/', PRIVATE, undefined],
  ['http://localhost:8081/', LOCAL_NAME, undefined],
  ['http://LOCALHOST./', LOCAL_NAME, undefined],
  ['http://api.localhost/', LOCAL_NAME, undefined],
  ['http://redis:6379/', LOCAL_NAME, undefined],
  ['http://postgres.payments.svc.cluster.local/', LOCAL_NAME, undefined],
  ['http://vault.corp.internal/', LOCAL_NAME, undefined],
  // Unspecified: 0.0.0.0 and :: reach this machine on Linux
  ['http://0/', SPECIAL, SPECIAL],
  ['http://0.0.0.0/', SPECIAL, SPECIAL],
  ['http://[::]/', SPECIAL, SPECIAL],
  // Private networks
  ['http://10.0.0.1/', PRIVATE, undefined],
  ['http://167772161/', PRIVATE, undefined],
  ['http://172.16.0.1/', PRIVATE, undefined],
  ['http://172.31.255.255/', PRIVATE, undefined],
  ['http://192.168.1.1/', PRIVATE, undefined],
  ['http://[::ffff:10.0.0.1]/', PRIVATE, undefined],
  ['http://[2002:c0a8:101::1]/', PRIVATE, undefined],
  ['http://[fc00::1]/', PRIVATE, undefined],
  ['http://[fd12:3456::1]/', PRIVATE, undefined],
  // Cloud metadata: refused whatever the setting
  ['http://169.254.169.254/latest/meta-data/', METADATA, METADATA],
  ['http://2852039166/', METADATA, METADATA],
  ['http://0xa9fea9fe/', METADATA, METADATA],
  ['http://[::ffff:169.254.169.254]/', METADATA, METADATA],
  ['http://[::ffff:a9fe:a9fe]/', METADATA, METADATA],
  ['http://[fd00:ec2::254]/', METADATA, METADATA],
  ['http://100.100.100.200/', METADATA, METADATA],
  ['http://168.63.129.16/', METADATA, METADATA],
  ['http://metadata.google.internal/computeMetadata/v1/', METADATA, METADATA],
  ['http://METADATA.GOOGLE.INTERNAL./', METADATA, METADATA],
  ['http://metadata/', METADATA, METADATA],
  // Special-purpose ranges: refused whatever the setting
  ['http://169.254.1.1/', SPECIAL, SPECIAL],
  ['http://[fe80::1]/', SPECIAL, SPECIAL],
  ['http://100.64.0.1/', SPECIAL, SPECIAL],
  ['http://198.18.0.1/', SPECIAL, SPECIAL],
  ['http://198.19.255.254/', SPECIAL, SPECIAL],
  ['http://224.0.0.1/', SPECIAL, SPECIAL],
  ['http://239.255.255.250/', SPECIAL, SPECIAL],
  ['http://240.0.0.1/', SPECIAL, SPECIAL],
  ['http://255.255.255.255/', SPECIAL, SPECIAL],
  ['http://192.0.0.1/', SPECIAL, SPECIAL],
  ['http://192.0.2.1/', SPECIAL, SPECIAL],
  ['http://198.51.100.1/', SPECIAL, SPECIAL],
  ['http://203.0.113.1/', SPECIAL, SPECIAL],
  ['http://[fec0::1]/', SPECIAL, SPECIAL],
  ['http://[ff02::1]/', SPECIAL, SPECIAL],
  ['http://[64:ff9b::7f00:1]/', SPECIAL, SPECIAL],
  ['http://[64:ff9b::808:808]/', SPECIAL, SPECIAL],
  ['http://[::7f00:1]/', SPECIAL, SPECIAL],
  ['http://[::127.0.0.1]/', SPECIAL, SPECIAL],
  ['http://[::ffff:0:7f00:1]/', SPECIAL, SPECIAL],
  ['http://[2001:db8::1]/', SPECIAL, SPECIAL],
  ['http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/', SPECIAL, SPECIAL],
  ['http://[2002:a9fe:a9fe::]/', METADATA, METADATA],
];

const PUBLIC = [
  'https://8.8.8.8/',
  'https://1.1.1.1/hooks',
  'https://134744072/',
  'https://[2606:4700::1111]/',
  'https://[::ffff:8.8.8.8]/',
  'https://[2002:808:808::1]/',
  'https://api.example.com/webhooks',
  'https://api.example.com./webhooks',
  'http://hooks.example.org:8443/grid',
  'https://172.32.0.1/',
  'https://100.128.0.1/',
  'https://localhost.example.com/',
];

describe('egressUrlProblem: every spelling and range an attacker could name', () => {
  it.each(ATTACKS)(
    '%s is refused, as %p, unless the setting opens it (%p)',
    (url, strict, privateAllowed) => {
      expect(egressUrlProblem(url, STRICT, SANDBOX)).toMatch(strict);
      const opened = egressUrlProblem(url, PRIVATE_ALLOWED, SANDBOX);
      if (privateAllowed) expect(opened).toMatch(privateAllowed);
      else expect(opened).toBeUndefined();
    },
  );

  it.each(PUBLIC)('%s is public and allowed', (url) => {
    expect(egressUrlProblem(url, STRICT, SANDBOX)).toBeUndefined();
  });

  it.each([
    ['http://user@127.0.0.1/', /user name or password/],
    ['https://user:secret@api.example.com/', /user name or password/],
    ['https://api.example.com@169.254.169.254/', /user name or password/],
    ['ftp://api.example.com/', /http or https/],
    ['file:///etc/passwd', /http or https/],
    ['gopher://127.0.0.1:6379/_INFO', /http or https/],
    ['javascript:alert(1)', /http or https/],
    ['api.example.com/webhooks', /absolute/],
    ['http://[::1/', /absolute/],
  ])('%s is refused by its form: %p', (url, problem) => {
    expect(egressUrlProblem(url, PRIVATE_ALLOWED, SANDBOX)).toMatch(problem);
  });

  it('refuses plain http when https is required (production), and takes https', () => {
    expect(egressUrlProblem('http://api.example.com/', STRICT, { requireHttps: true })).toMatch(
      /https URL in production/,
    );
    expect(egressUrlProblem('https://api.example.com/', STRICT, { requireHttps: true })).toBeUndefined();
  });
});
