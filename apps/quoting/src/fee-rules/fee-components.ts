import { ApiPropertyOptions } from '@nestjs/swagger';
import { FieldError } from '@payments/http';
import { ValidateBy, ValidationArguments } from 'class-validator';
import { FEE_TYPES, FeeType } from '@quoting/fee-rules/fee-rule.entity';

/** The parts a fee is made of: a fixed amount and a rate on the sending amount. */
export type FeeComponent = 'fixedFee' | 'variableFeeRate';

/** What each fee type charges (docs/api.md, "Fee rules"); it must be given those and no others. */
const COMPONENTS_OF: Record<FeeType, readonly FeeComponent[]> = {
  FIXED: ['fixedFee'],
  PERCENTAGE: ['variableFeeRate'],
  HYBRID: ['fixedFee', 'variableFeeRate'],
};

/** USD cents (docs/api.md#limits). */
const MAX_FIXED_FEE = 10_000;
const MAX_VARIABLE_FEE_RATE = 0.2;
/** The scale of the column: a seventh decimal place would be rounded away instead of stored. */
const RATE_DECIMAL_PLACES = 6;
const RATE_TEXT = new RegExp(`^\\d+(\\.\\d{1,${RATE_DECIMAL_PLACES}})?$`);

const VALUE_RULES: Record<FeeComponent, { test: (value: unknown) => boolean; message: string }> = {
  fixedFee: {
    test: (value) => Number.isInteger(value) && (value as number) >= 0 && (value as number) <= MAX_FIXED_FEE,
    message: `must be an integer from 0 to ${MAX_FIXED_FEE} (USD cents)`,
  },
  variableFeeRate: {
    test: (value) =>
      typeof value === 'number' &&
      value >= 0 &&
      value <= MAX_VARIABLE_FEE_RATE &&
      // The shortest text that reads back as the number is what the client wrote; below 1e-6 it takes
      // exponent form, which has more decimal places than allowed anyway.
      RATE_TEXT.test(String(value)),
    message: `must be a number from 0 to ${MAX_VARIABLE_FEE_RATE} with at most ${RATE_DECIMAL_PLACES} decimal places`,
  },
};

export const FIXED_FEE_PROPERTY: ApiPropertyOptions = {
  type: 'integer',
  minimum: 0,
  maximum: MAX_FIXED_FEE,
  example: 30,
  description: 'In the smallest unit of USD (cents); charged by FIXED and HYBRID rules only',
};

export const VARIABLE_FEE_RATE_PROPERTY: ApiPropertyOptions = {
  type: 'number',
  minimum: 0,
  maximum: MAX_VARIABLE_FEE_RATE,
  example: 0.0025,
  description: `Decimal rate on the sending amount (0.005 is 0.5%), at most ${RATE_DECIMAL_PLACES} decimal places; charged by PERCENTAGE and HYBRID rules only`,
};

function isFeeType(value: unknown): value is FeeType {
  return (FEE_TYPES as readonly unknown[]).includes(value);
}

/** Why `component`, given or not, does not fit a rule of `feeType`; undefined when it fits. */
function feeTypeMismatch(feeType: FeeType, component: FeeComponent, given: boolean): string | undefined {
  const charged = COMPONENTS_OF[feeType].includes(component);
  if (charged && !given) return `is required when feeType is ${feeType}`;
  if (!charged && given) return `must be left out when feeType is ${feeType}`;
  return undefined;
}

/** The components a change sets that a rule of `feeType` does not charge, as field errors. */
export function uncharged(feeType: FeeType, change: Partial<Record<FeeComponent, unknown>>): FieldError[] {
  return (Object.keys(VALUE_RULES) as FeeComponent[]).flatMap((field) => {
    const message = change[field] === undefined ? undefined : feeTypeMismatch(feeType, field, true);
    return message ? [{ field, message }] : [];
  });
}

/**
 * A component's value when given: type, range and precision, null refused. `feeTypeOf` names the fee
 * type it must also fit, read from the same body; one message per field, the mismatch first.
 */
function feeComponentRule(
  component: FeeComponent,
  feeTypeOf: (body: object) => unknown = () => undefined,
): PropertyDecorator {
  const problem = ({ value, object }: ValidationArguments): string | undefined => {
    const feeType = feeTypeOf(object);
    const mismatch = isFeeType(feeType)
      ? feeTypeMismatch(feeType, component, value !== undefined)
      : undefined;
    if (mismatch || value === undefined) return mismatch;
    return VALUE_RULES[component].test(value) ? undefined : VALUE_RULES[component].message;
  };
  return ValidateBy({
    name: 'isFeeComponent',
    validator: {
      validate: (_value, args) => problem(args!) === undefined,
      defaultMessage: (args) => problem(args!) ?? '',
    },
  });
}

/** A component changed on its own; whether the rule's fee type charges it is checked against the stored rule. */
export const IsFeeComponent = (component: FeeComponent) => feeComponentRule(component);

/** A component of a new rule, required or refused by the `feeType` of the same body. */
export const IsFeeComponentOfBody = (component: FeeComponent) =>
  feeComponentRule(component, (body) => (body as { feeType?: unknown }).feeType);

/**
 * The exact rate as the shortest decimal text ("0.0025", "0") from the column's fixed-scale text
 * ("0.002500", "0.000000"), without a detour through floating point.
 */
export function exactRate(stored: string): string {
  return stored.includes('.') ? stored.replace(/0+$/, '').replace(/\.$/, '') : stored;
}
