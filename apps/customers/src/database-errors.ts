import { QueryFailedError } from 'typeorm';

const UNIQUE_VIOLATION = '23505';

/** The unique constraint or index a failed statement violated, when that is why it failed. */
export function violatedUniqueConstraint(error: unknown): string | undefined {
  if (!(error instanceof QueryFailedError)) return undefined;
  const { code, constraint } = error.driverError as { code?: string; constraint?: string };
  return code === UNIQUE_VIOLATION ? constraint : undefined;
}
