import { Controller, Logger } from '@nestjs/common';
import { EventPattern } from '@nestjs/microservices';
import { Outbox } from '@payments/persistence';
import { runWithScriptModule } from '@payments/testing';
import { DataSource } from 'typeorm';
import { createKafkaClient } from '../kafka-client';
import { eventually, TestSandbox, WIDGET_EVENTS, WidgetEvent, widgetChanged } from './messaging-sandbox';

jest.setTimeout(90_000);

const SECURED_KAFKA = 'scripts/lib/kafka-secured.mjs';
/**
 * SASL_PLAINTEXT here, SASL_SSL, PLAINTEXT and the controller on the next three ports: below Linux's
 * ephemeral range (32768 up), where a busy run's outgoing connections had taken one of them.
 */
const BASE_PORT = 9192;

interface SecuredBroker {
  saslBrokers: string[];
  sslBrokers: string[];
  plaintextBrokers: string[];
  caFile: string;
  username: string;
  password: string;
}

const received: string[] = [];

@Controller()
class WidgetRecorder {
  @EventPattern(WIDGET_EVENTS.name)
  onWidgetChanged(event: WidgetEvent): void {
    received.push(event.eventId);
  }
}

describe('Kafka over SASL and TLS, against a broker that requires them', () => {
  let broker: SecuredBroker;
  let sandbox: TestSandbox | undefined;
  /** Started in beforeAll: kafkajs retries a refused TLS handshake for about 50 s before it gives up. */
  let untrusted: Promise<Error>;

  beforeAll(async () => {
    broker = JSON.parse(
      await runWithScriptModule(
        SECURED_KAFKA,
        `process.stdout.write(JSON.stringify(await lib.ensureSecuredKafka({ basePort: ${BASE_PORT}, log })));`,
      ),
    );
    const admin = createKafkaClient('sasl-untrusted', {
      ...settingsOf('scram-sha-512', broker.password),
      KAFKA_BROKERS: broker.sslBrokers.join(','),
      KAFKA_SSL: 'true',
    }).admin();
    untrusted = admin.connect().then(
      () => new Error('the broker was trusted without its CA'),
      (error: Error) => error,
    );
  });

  afterEach(async () => {
    await sandbox?.dispose();
    sandbox = undefined;
  });

  afterAll(async () => {
    await untrusted;
    await runWithScriptModule(SECURED_KAFKA, `await lib.stopSecuredKafka({ basePort: ${BASE_PORT}, log });`);
  });

  function settingsOf(mechanism: string, password: string) {
    return {
      KAFKA_BROKERS: broker.saslBrokers.join(','),
      KAFKA_SSL: 'false',
      KAFKA_SSL_CA_FILE: '',
      KAFKA_SASL_MECHANISM: mechanism,
      KAFKA_SASL_USERNAME: broker.username,
      KAFKA_SASL_PASSWORD: password,
    };
  }

  /**
   * Two instances of the widget service on the sandbox, their Kafka clients built from
   * `serviceEnvironment` as an app's is: one that produces widget events, one that consumes them.
   */
  async function startWidgetServices(serviceEnvironment: Record<string, string>) {
    sandbox = await TestSandbox.create({
      kafkaBrokers: broker.plaintextBrokers,
      serviceEnvironment,
      databasePrefix: 'payments_sasl',
      topicPrefix: 'sasl-',
    });
    const producer = await sandbox.startService({ produces: [WIDGET_EVENTS] });
    await sandbox.startService({ consumes: [WIDGET_EVENTS], controllers: [WidgetRecorder] });
    return producer;
  }

  /** Commits an event to the producer's outbox; its relay publishes it, the consumer's server hands it on. */
  async function expectRoundTrip(serviceEnvironment: Record<string, string>): Promise<void> {
    const producer = await startWidgetServices(serviceEnvironment);
    const event = widgetChanged(`widget-${serviceEnvironment.KAFKA_SASL_MECHANISM}`, 1);
    await producer
      .get(DataSource)
      .transaction((manager) => producer.get(Outbox).add(manager, WIDGET_EVENTS, [event]));
    await eventually(async () => received.includes(event.eventId) || undefined);
  }

  it.each(['plain', 'scram-sha-256', 'scram-sha-512'])(
    'produces and consumes over SASL_PLAINTEXT with %s',
    async (mechanism) => {
      await expectRoundTrip(settingsOf(mechanism, broker.password));
    },
  );

  it('produces and consumes over SASL_SSL, trusting the broker through KAFKA_SSL_CA_FILE', async () => {
    await expectRoundTrip({
      ...settingsOf('scram-sha-256', broker.password),
      KAFKA_BROKERS: broker.sslBrokers.join(','),
      KAFKA_SSL: 'true',
      KAFKA_SSL_CA_FILE: broker.caFile,
    });
  });

  it('refuses to start with a wrong password, saying so without the password in the error or the logs', async () => {
    const wrongPassword = 'not-the-payments-password';
    const logged: unknown[][] = [];
    const spies = (['log', 'warn', 'error', 'debug', 'verbose', 'fatal'] as const).map((level) =>
      jest.spyOn(Logger.prototype, level).mockImplementation((...args: unknown[]) => void logged.push(args)),
    );
    try {
      const failure = await startWidgetServices(settingsOf('scram-sha-512', wrongPassword)).then(
        () => new Error('the service started'),
        (error: Error) => error,
      );
      expect(failure.name).toBe('KafkaJSSASLAuthenticationError');
      expect(failure.message).toMatch(/SASL SCRAM SHA512 authentication failed: .*invalid credentials/);
      // The client logged the refusal, so the logs looked through below are not empty.
      expect(JSON.stringify(logged)).toMatch(/SCRAM SHA512 authentication failed/);
      expect(JSON.stringify([failure.message, failure.stack, logged])).not.toContain(wrongPassword);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });

  it("refuses a broker over TLS whose certificate no trusted CA signed (the system's CAs, no KAFKA_SSL_CA_FILE)", async () => {
    const failure = await untrusted;
    expect(failure.message).toMatch(/self-signed certificate in certificate chain/);
  });
});
