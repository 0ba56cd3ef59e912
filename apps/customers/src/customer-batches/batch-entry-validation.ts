import { CUSTOMER_TYPES, CustomerType } from '@payments/contracts';
import { ApiException, createValidationPipe, FieldError } from '@payments/http';
import { CreateBusinessCustomerDto, CreateCustomerDto, CreateIndividualCustomerDto } from '@customers/customers/dto/create-customer.dto';
import {
  CreatePlatformExternalAccountDto,
  ExternalAccountRequest,
} from '@customers/external-accounts/dto/create-external-account.dto';
import { ExternalAccountBodyPipe } from '@customers/external-accounts/external-account-body.pipe';
import { BatchEntryError } from '@customers/customer-batches/dto/customer-batch.dto';

/** A batch entry whose customer, and account if any, pass the rules of POST /customers and of the account endpoints. */
export interface ValidBatchEntry {
  customer: CreateCustomerDto;
  externalAccount?: ExternalAccountRequest;
}

const CUSTOMER_CLASSES: Record<CustomerType, new () => CreateCustomerDto> = {
  INDIVIDUAL: CreateIndividualCustomerDto,
  BUSINESS: CreateBusinessCustomerDto,
};
const validation = createValidationPipe();
const externalAccountPipe = new ExternalAccountBodyPipe(CreatePlatformExternalAccountDto);

/**
 * Judges one entry `{customer, externalAccount?}` with exactly the pipes of the single-customer and
 * external-account endpoints, so a bulk import can create nothing those endpoints would refuse.
 * Every bad field of both is reported at once; the account's fields are named under `externalAccount.`.
 * INVALID_BANK_ACCOUNT stands only when nothing else is wrong.
 */
export async function validateBatchEntry(entry: unknown): Promise<ValidBatchEntry | { error: BatchEntryError }> {
  const { customer, externalAccount } = (isObject(entry) ? entry : {}) as { customer?: unknown; externalAccount?: unknown };
  const customerType = isObject(customer) ? customer.customerType : undefined;
  if (!CUSTOMER_TYPES.includes(customerType as CustomerType)) {
    const { code, message, details } = ApiException.invalidInput([
      { field: 'customerType', message: `must be one of ${CUSTOMER_TYPES.join(', ')}` },
    ]);
    return { error: { code, message, details } };
  }
  const [customerOutcome, accountOutcome] = await Promise.all([
    judged(() => validation.transform(customer, { type: 'body', metatype: CUSTOMER_CLASSES[customerType as CustomerType] })),
    externalAccount === undefined ? undefined : judged(() => externalAccountPipe.transform(externalAccount)),
  ]);
  const failures = [customerOutcome, accountOutcome].filter((outcome) => outcome instanceof ApiException);
  if (failures.length === 0) {
    return { customer: customerOutcome as CreateCustomerDto, externalAccount: accountOutcome as ExternalAccountRequest | undefined };
  }
  const { message, details } = ApiException.invalidInput([
    ...fieldErrorsOf(customerOutcome, ''),
    ...fieldErrorsOf(accountOutcome, 'externalAccount.'),
  ]);
  const code = failures.some((failure) => failure.code === 'INVALID_INPUT') ? 'INVALID_INPUT' : 'INVALID_BANK_ACCOUNT';
  return { error: { code, message, details } };
}

async function judged<T>(validate: () => Promise<T>): Promise<T | ApiException> {
  try {
    return await validate();
  } catch (error) {
    if (error instanceof ApiException) return error;
    throw error;
  }
}

function fieldErrorsOf(outcome: unknown, prefix: string): FieldError[] {
  if (!(outcome instanceof ApiException)) return [];
  const errors = (outcome.details?.errors ?? []) as FieldError[];
  return errors.map(({ field, message }) => ({ field: `${prefix}${field}`, message }));
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
