import { plainToInstance, Type } from 'class-transformer';
import {
  getMetadataStorage,
  IsEmpty,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsString,
  Matches,
  Max,
  Min,
  MinLength,
  ValidateIf,
  validateSync,
} from 'class-validator';
import { EVENT_REDELIVERY_HOURS } from '@payments/contracts';

/** Variables every app reads; each app extends this class with its own. Defaults work on a developer machine. */
export class CommonEnvironment {
  @Matches(/^postgres(ql)?:\/\/\S+$/, { message: 'DATABASE_URL must be a postgres:// URL' })
  DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/payments';

  /**
   * Connections of this app's pool. Seven apps share one server whose default max_connections is
   * 100, so each keeps 10 by default; raise it with the server's limit.
   */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(200)
  DB_POOL_SIZE = 10;

  @Matches(/^rediss?:\/\/\S+$/, { message: 'REDIS_URL must be a redis:// URL' })
  REDIS_URL = 'redis://127.0.0.1:6379';

  /** Redis's password (AUTH), kept out of REDIS_URL so it can come from a Secret; empty: the URL's, if any. */
  @IsString()
  REDIS_PASSWORD = '';

  /** Comma-separated host:port list. */
  @Matches(/^[\w.-]+:\d+(,[\w.-]+:\d+)*$/, { message: 'KAFKA_BROKERS must be host:port[,host:port...]' })
  KAFKA_BROKERS = '127.0.0.1:9092';

  /** Prepended to every topic and consumer-group name, so that several deployments can share a broker. */
  @Matches(/^[\w.-]*$/, { message: 'KAFKA_TOPIC_PREFIX may hold letters, digits, ".", "_" and "-" only' })
  KAFKA_TOPIC_PREFIX = '';

  /** Whether the brokers are reached over TLS (the system's trusted CAs, or KAFKA_SSL_CA_FILE's). */
  @IsIn(['true', 'false'])
  KAFKA_SSL = 'false';

  /**
   * A PEM bundle of the CAs that sign the brokers' certificates, trusted instead of the system's;
   * empty: the system's. Read once at boot (docs/operations.md, "Kafka over TLS").
   */
  @ValidateIf((environment: CommonEnvironment) => environment.KAFKA_SSL !== 'true')
  @IsEmpty({ message: 'KAFKA_SSL_CA_FILE needs KAFKA_SSL=true' })
  KAFKA_SSL_CA_FILE = '';

  /** SASL authentication to the brokers; empty: none. Needs KAFKA_SASL_USERNAME and KAFKA_SASL_PASSWORD. */
  @IsIn(['', 'plain', 'scram-sha-256', 'scram-sha-512'])
  KAFKA_SASL_MECHANISM = '';

  @ValidateIf((environment: CommonEnvironment) => environment.KAFKA_SASL_MECHANISM !== '')
  @IsNotEmpty({ message: 'KAFKA_SASL_USERNAME is required with KAFKA_SASL_MECHANISM' })
  KAFKA_SASL_USERNAME = '';

  @ValidateIf((environment: CommonEnvironment) => environment.KAFKA_SASL_MECHANISM !== '')
  @IsNotEmpty({ message: 'KAFKA_SASL_PASSWORD is required with KAFKA_SASL_MECHANISM' })
  KAFKA_SASL_PASSWORD = '';

  /**
   * How long a consumer's inbox row is kept once its event is handled. The row is what makes a
   * redelivered event change nothing, so it may not go before the event has left its topic; the
   * default adds two days for clocks and Kafka's retention checks (docs/operations.md#retention).
   */
  @Type(() => Number)
  @IsInt()
  @Min(EVENT_REDELIVERY_HOURS)
  @Max(24 * 366)
  INBOX_RETENTION_HOURS = EVENT_REDELIVERY_HOURS + 48;

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL = 'info';

  /** How long graceful shutdown may take before the process exits anyway. */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(120_000)
  SHUTDOWN_TIMEOUT_MS = 10_000;

  @IsString()
  NODE_ENV = 'development';

  /**
   * The deployment's secret that every app derives its caller-assertion key from (docs/architecture.md,
   * "Calls inside the cluster"): the same value in every app, at least 32 bytes, required in
   * production. Empty elsewhere: the app then makes up a key of its own, which no other app shares,
   * so `npm start` and the e2e stack generate one and pass it to every app.
   */
  @ValidateIf(
    (environment: CommonEnvironment) =>
      environment.NODE_ENV === 'production' || environment.INTERNAL_AUTH_SECRET !== '',
  )
  @MinLength(32, { message: 'INTERNAL_AUTH_SECRET must be at least 32 bytes (required in production)' })
  INTERNAL_AUTH_SECRET = '';
}

/** A default that points at this machine: right on a developer's, wrong in any deployment. */
const LOOPBACK_DEFAULT = /(^|[/@,])(127\.0\.0\.1|localhost|\[::1\])[:/]/;
/** The infrastructure settings every app declares alike: an unknown one is a misspelling. */
const INFRASTRUCTURE_PREFIX = /^(DATABASE|DB|REDIS|KAFKA)_/;

/**
 * What production refuses beyond the class's own rules: a setting whose default is this machine and
 * that was not given (a misspelled LEDGER_URL would otherwise boot and fail at the first payment),
 * and an infrastructure-looking variable the app does not declare.
 */
function productionProblems(defaults: object, declared: Set<string>, raw: Record<string, unknown>): string[] {
  const missing = Object.entries(defaults)
    .filter(
      ([key, value]) => typeof value === 'string' && LOOPBACK_DEFAULT.test(value) && raw[key] === undefined,
    )
    .map(([key, value]) => `  ${key}: required in production (its default, ${value}, is this machine)`);
  // Known to some app (the shared ConfigMap gives every container the same), or a misspelling.
  const known = new Set([...declared, ...Object.keys(new CommonEnvironment())]);
  const unknown = Object.keys(raw)
    .filter((key) => INFRASTRUCTURE_PREFIX.test(key) && !known.has(key))
    .map((key) => `  ${key}: not a setting of this app (misspelled?)`);
  return [...missing, ...unknown];
}

/**
 * Validates the raw environment once at boot against the app's class, listing every bad variable;
 * this is the only place that reads process.env. With NODE_ENV=production it is strict as well
 * (productionProblems).
 */
export function validateEnvironment<T extends object>(
  environmentClass: new () => T,
  raw: Record<string, unknown> = process.env,
): T {
  const declared = new Set([
    ...Object.keys(new environmentClass()),
    ...getMetadataStorage()
      .getTargetValidationMetadatas(environmentClass, '', true, false)
      .map((metadata) => metadata.propertyName),
  ]);
  const relevant = Object.fromEntries(Object.entries(raw).filter(([key]) => declared.has(key)));
  const environment = plainToInstance(environmentClass, relevant, { exposeDefaultValues: true });
  const problems = validateSync(environment).flatMap((error) =>
    Object.values(error.constraints ?? {}).map((message) => `  ${error.property}: ${message}`),
  );
  if (raw.NODE_ENV === 'production')
    problems.push(...productionProblems(new environmentClass(), declared, raw));
  if (problems.length) throw new Error(`Invalid environment:\n${problems.join('\n')}`);
  return environment;
}
