import { validateEnvironment } from '@payments/runtime';
import { MigrationEnvironment } from '../migrate-cli';

describe('MigrationEnvironment', () => {
  it("starts in production with the database URL alone: none of the app's other secrets", () => {
    const environment = validateEnvironment(MigrationEnvironment, {
      NODE_ENV: 'production',
      KAFKA_SASL_MECHANISM: 'scram-sha-512',
      DATABASE_URL: 'postgres://payments:pw@db:5432/payments',
    });

    expect({ ...environment }).toEqual({ DATABASE_URL: 'postgres://payments:pw@db:5432/payments' });
  });

  it('still validates the database URL, with its local default', () => {
    expect(() => validateEnvironment(MigrationEnvironment, { DATABASE_URL: 'mysql://db' })).toThrow(
      /DATABASE_URL/,
    );
    expect(validateEnvironment(MigrationEnvironment, {}).DATABASE_URL).toMatch(/^postgres:\/\//);
  });
});
