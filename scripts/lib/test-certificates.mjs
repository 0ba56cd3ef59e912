// A CA made on the spot and a server certificate it signs for 127.0.0.1 and localhost, for the local
// servers that the TLS specs connect to (kafka-secured.mjs, postgres-tls.mjs): nothing is stored in
// the repository, and a fresh machine makes its own.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { assertOnPath } from './kafka-fetch.mjs';

/** Runs openssl in `cwd` with `command`'s words as arguments (none holds a space). */
function openssl(command, cwd) {
  const run = spawnSync('openssl', command.split(' '), { cwd, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`openssl ${command} failed:\n${run.stderr}`);
}

/**
 * Writes into `dir` the CA's `ca.pem` (and key) and the server's `server.pem` with its PKCS#8
 * `server.key`, both valid for two days; answers the three files' paths.
 */
export function writeCertificates(dir, commonName) {
  assertOnPath('openssl', 'install OpenSSL (Debian: apt-get install openssl) to make the test CA.');
  mkdirSync(dir, { recursive: true });
  openssl(
    `req -x509 -newkey rsa:2048 -noenc -keyout ca.key -out ca.pem -days 2 -subj /CN=${commonName}`,
    dir,
  );
  openssl('req -newkey rsa:2048 -noenc -keyout server.key -out server.csr -subj /CN=127.0.0.1', dir);
  writeFileSync(path.join(dir, 'server.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
  openssl(
    'x509 -req -in server.csr -CA ca.pem -CAkey ca.key -CAcreateserial -days 2 -extfile server.ext -out server.pem',
    dir,
  );
  return {
    ca: path.join(dir, 'ca.pem'),
    certificate: path.join(dir, 'server.pem'),
    key: path.join(dir, 'server.key'),
  };
}
