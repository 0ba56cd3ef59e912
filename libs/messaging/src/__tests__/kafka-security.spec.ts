import { kafkaSecurity } from '../kafka-security';

const NONE = {
  KAFKA_SSL: 'false',
  KAFKA_SASL_MECHANISM: '',
  KAFKA_SASL_USERNAME: '',
  KAFKA_SASL_PASSWORD: '',
};

describe('kafkaSecurity', () => {
  it('connects in plaintext without credentials by default (local stacks)', () => {
    expect(kafkaSecurity(NONE)).toEqual({ ssl: false });
  });

  it.each(['plain', 'scram-sha-256', 'scram-sha-512'])('authenticates with SASL %s over TLS', (mechanism) => {
    expect(
      kafkaSecurity({
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
});
