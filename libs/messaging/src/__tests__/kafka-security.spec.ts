import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { kafkaSecurity } from '../kafka-security';

const NONE = {
  KAFKA_SSL: 'false',
  KAFKA_SSL_CA_FILE: '',
  KAFKA_SASL_MECHANISM: '',
  KAFKA_SASL_USERNAME: '',
  KAFKA_SASL_PASSWORD: '',
};

/** A self-signed certificate made for this spec (its key was thrown away). */
const CERTIFICATE = `-----BEGIN CERTIFICATE-----
MIIBmTCCAT+gAwIBAgIUZblCIe9OjLYs96UN/PUE/X6/a8IwCgYIKoZIzj0EAwIw
ITEfMB0GA1UEAwwWa2Fma2Etc2VjdXJpdHkgc3BlYyBDQTAgFw0yNjExMjkwNDM1
NTJaGA8yMTI2MTEwNTA0MzU1MlowITEfMB0GA1UEAwwWa2Fma2Etc2VjdXJpdHkg
c3BlYyBDQTBZMBMGByqGSM49AgEGCCqGSM49AwEHA0IABEouSkRQ0Pg2SFQneDmA
9ybDpCOJRxCL53aWqWkJH5/t/arrnN+KEE7NvZSz1JZWxXpFxh8p/Bekm9MvPIdH
upejUzBRMB0GA1UdDgQWBBRpdQpKtFcnaP+7S371AIaNpCz3kzAfBgNVHSMEGDAW
gBRpdQpKtFcnaP+7S371AIaNpCz3kzAPBgNVHRMBAf8EBTADAQH/MAoGCCqGSM49
BAMCA0gAMEUCIQC64zyxPD4LMV8grC+Ub6A5/A62bsJjgLHuCJYXCHsG+wIge3jT
oFGcLVv6AZdy0eJesl6Kc6KoqvZbS/9Oj0Vgav8=
-----END CERTIFICATE-----`;

describe('kafkaSecurity', () => {
  it('connects in plaintext without credentials by default (local stacks)', () => {
    expect(kafkaSecurity(NONE)).toEqual({ ssl: false });
  });

  it.each(['plain', 'scram-sha-256', 'scram-sha-512'])('authenticates with SASL %s over TLS', (mechanism) => {
    expect(
      kafkaSecurity({
        ...NONE,
        KAFKA_SSL: 'true',
        KAFKA_SASL_MECHANISM: mechanism,
        KAFKA_SASL_USERNAME: 'payments',
        KAFKA_SASL_PASSWORD: 's3cret',
      }),
    ).toEqual({ ssl: true, sasl: { mechanism, username: 'payments', password: 's3cret' } });
  });

  it('turns TLS on without SASL', () => {
    expect(kafkaSecurity({ ...NONE, KAFKA_SSL: 'true' })).toEqual({ ssl: true });
  });

  describe('with KAFKA_SSL_CA_FILE', () => {
    let dir: string;
    const file = (name: string, content: string) => {
      writeFileSync(path.join(dir, name), content);
      return path.join(dir, name);
    };
    const withCaFile = (caFile: string) => () =>
      kafkaSecurity({ ...NONE, KAFKA_SSL: 'true', KAFKA_SSL_CA_FILE: caFile });

    beforeEach(() => {
      dir = mkdtempSync(path.join(tmpdir(), 'kafka-security-'));
    });

    afterEach(() => {
      rmSync(dir, { recursive: true, force: true });
    });

    it("trusts the bundle's certificates, each one, instead of the system's", () => {
      const bundle = file('ca.pem', `# the brokers' CAs\n${CERTIFICATE}\n${CERTIFICATE}\n`);
      expect(withCaFile(bundle)()).toEqual({ ssl: { ca: [CERTIFICATE, CERTIFICATE] } });
    });

    it('refuses a file it cannot read, naming the variable and the path', () => {
      const missing = path.join(dir, 'absent.pem');
      expect(withCaFile(missing)).toThrow(`KAFKA_SSL_CA_FILE: cannot read ${missing} (ENOENT)`);
    });

    it('refuses a file with no PEM certificate without quoting it', () => {
      const key = file(
        'key.pem',
        '-----BEGIN PRIVATE KEY-----\nc2VjcmV0IGtleQ==\n-----END PRIVATE KEY-----\n',
      );
      expect(withCaFile(key)).toThrow(new Error(`KAFKA_SSL_CA_FILE: ${key} holds no PEM certificate`));
    });

    it('refuses a PEM block that is not a certificate', () => {
      const damaged = file('damaged.pem', CERTIFICATE.replace('MIIB', 'MIIC'));
      expect(withCaFile(damaged)).toThrow(
        new Error(`KAFKA_SSL_CA_FILE: certificate 1 of ${damaged} is not a valid certificate`),
      );
    });
  });
});
