// A local broker whose clients must authenticate, for the spec of the apps' Kafka TLS and SASL
// settings (docs/operations.md, "Kafka over TLS"): a SASL_PLAINTEXT and a SASL_SSL listener, each
// taking PLAIN, SCRAM-SHA-256 and SCRAM-SHA-512, the latter's certificate signed by a CA made for it.
// A PLAINTEXT listener stays for the broker's own traffic and kafka.mjs's readiness check. Certificates,
// keys and data are made at start in the broker's cache directory, so it runs on a fresh machine.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { stopKafka } from './kafka-stop.mjs';
import { brokerFiles, ensureKafka, kafkaStatus } from './kafka.mjs';
import { writeCertificates } from './test-certificates.mjs';

/** The one user of every mechanism: a throwaway broker on loopback, so fixed credentials do. */
export const SECURED_KAFKA_USER = { username: 'payments', password: 'payments-test-secret' };
const MECHANISMS = ['PLAIN', 'SCRAM-SHA-256', 'SCRAM-SHA-512'];
const SCRAM_MECHANISMS = MECHANISMS.filter((mechanism) => mechanism.startsWith('SCRAM'));

/** The listeners' ports from `basePort` on: SASL_PLAINTEXT, SASL_SSL, PLAINTEXT, and the controller's. */
function portsFrom(basePort) {
  return { sasl: basePort, ssl: basePort + 1, plaintext: basePort + 2, controller: basePort + 3 };
}

function toolEnvironment(ports) {
  return { KAFKA_BROKERS: `127.0.0.1:${ports.plaintext}`, KAFKA_CONTROLLER_PORT: String(ports.controller) };
}

/** The CA and the broker's certificate, and Kafka's PEM keystore of them: the key, then the chain. */
function writeKeystore(dir) {
  const files = writeCertificates(dir, 'payments-test-kafka-ca');
  const keystore = [files.key, files.certificate, files.ca].map((file) => readFileSync(file, 'utf8'));
  writeFileSync(path.join(dir, 'keystore.pem'), keystore.join(''));
}

function serverProperties(ports, tlsDir) {
  const { username, password } = SECURED_KAFKA_USER;
  const properties = {
    listeners: [
      `SASL_PLAINTEXT://127.0.0.1:${ports.sasl}`,
      `SASL_SSL://127.0.0.1:${ports.ssl}`,
      `PLAINTEXT://127.0.0.1:${ports.plaintext}`,
      `CONTROLLER://127.0.0.1:${ports.controller}`,
    ].join(','),
    'advertised.listeners': [
      `SASL_PLAINTEXT://127.0.0.1:${ports.sasl}`,
      `SASL_SSL://127.0.0.1:${ports.ssl}`,
      `PLAINTEXT://127.0.0.1:${ports.plaintext}`,
    ].join(','),
    'listener.security.protocol.map':
      'SASL_PLAINTEXT:SASL_PLAINTEXT,SASL_SSL:SASL_SSL,PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT',
    'sasl.enabled.mechanisms': MECHANISMS.join(','),
    'listener.name.sasl_ssl.ssl.keystore.type': 'PEM',
    'listener.name.sasl_ssl.ssl.keystore.location': path.join(tlsDir, 'keystore.pem'),
  };
  for (const listener of ['sasl_plaintext', 'sasl_ssl']) {
    properties[`listener.name.${listener}.plain.sasl.jaas.config`] =
      `org.apache.kafka.common.security.plain.PlainLoginModule required user_${username}="${password}";`;
    for (const mechanism of SCRAM_MECHANISMS)
      properties[`listener.name.${listener}.${mechanism.toLowerCase()}.sasl.jaas.config`] =
        'org.apache.kafka.common.security.scram.ScramLoginModule required;';
  }
  return properties;
}

/**
 * Starts the secured broker on `basePort` and the three ports after it, or reuses the one running
 * there; resolves with what a client needs to reach it.
 */
export async function ensureSecuredKafka({ basePort, log = console.log }) {
  const ports = portsFrom(basePort);
  const env = toolEnvironment(ports);
  const files = brokerFiles(ports.plaintext);
  const tlsDir = path.join(files.dir, 'tls');
  if (!(await kafkaStatus(env)).running) {
    // Data formatted with other users, or certificates of an earlier CA, would not match what is made now.
    rmSync(files.dir, { recursive: true, force: true });
    writeKeystore(tlsDir);
  }
  const { username, password } = SECURED_KAFKA_USER;
  const formatArguments = SCRAM_MECHANISMS.flatMap((mechanism) => [
    '--add-scram',
    `${mechanism}=[name=${username},password=${password}]`,
  ]);
  await ensureKafka({ log, env, setup: { properties: serverProperties(ports, tlsDir), formatArguments } });
  if (!existsSync(path.join(tlsDir, 'ca.pem')))
    throw new Error(`A broker answers on port ${ports.plaintext} without this script's CA in ${tlsDir}`);
  return {
    saslBrokers: [`127.0.0.1:${ports.sasl}`],
    sslBrokers: [`127.0.0.1:${ports.ssl}`],
    plaintextBrokers: [`127.0.0.1:${ports.plaintext}`],
    caFile: path.join(tlsDir, 'ca.pem'),
    ...SECURED_KAFKA_USER,
  };
}

/** Stops the secured broker on `basePort`, as `npm run kafka -- stop` stops the plain one. */
export function stopSecuredKafka({ basePort, log = console.log }) {
  return stopKafka({ log, env: toolEnvironment(portsFrom(basePort)) });
}
