import { ValidateBy, ValidationArguments } from 'class-validator';

const HEX_64 = /^[0-9a-fA-F]{64}$/;

/**
 * A deployment key that seals stored private keys (KeySealer): 64 hex digits, or empty outside
 * production (local stacks store keys as they are). Checked at boot, so a production app without it
 * refuses to start rather than failing at its first signature.
 */
export function IsSealingKey(): PropertyDecorator {
  return ValidateBy({
    name: 'isSealingKey',
    validator: {
      validate: (value: unknown, args?: ValidationArguments) => {
        if (typeof value !== 'string') return false;
        if (value === '') return !isProduction(args);
        return HEX_64.test(value);
      },
      defaultMessage: (args?: ValidationArguments) =>
        args?.value === '' && isProduction(args)
          ? `${args.property} is required in production (64 hex digits, e.g. openssl rand -hex 32)`
          : `${args?.property} must be 64 hex digits`,
    },
  });
}

function isProduction(args?: ValidationArguments): boolean {
  return (args?.object as { NODE_ENV?: string } | undefined)?.NODE_ENV === 'production';
}
