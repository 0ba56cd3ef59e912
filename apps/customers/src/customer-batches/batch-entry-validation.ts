import { ApiException, FieldError } from '@payments/http';
import { CustomerBodyPipe } from '@customers/customers/customer-body.pipe';
import {
  CreateBusinessCustomerDto,
  CreateCustomerDto,
  CreateIndividualCustomerDto,
} from '@customers/customers/dto/create-customer.dto';
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

const customerPipe = new CustomerBodyPipe({
  INDIVIDUAL: CreateIndividualCustomerDto,
  BUSINESS: CreateBusinessCustomerDto,
});
const externalAccountPipe = new ExternalAccountBodyPipe(CreatePlatformExternalAccountDto);

/**
 * Judges one entry `{customer, externalAccount?}` with exactly the pipes of POST /customers and POST
 * /customers/external-accounts, so a bulk import can create nothing those endpoints would refuse.
 * Every bad field of both is reported at once; the account's fields are named under
 * `externalAccount.`. INVALID_BANK_ACCOUNT stands only when nothing else is wrong.
 */
export function validateBatchEntry(entry: unknown): ValidBatchEntry | { error: BatchEntryError } {
  const { customer, externalAccount } = (typeof entry === 'object' && entry !== null ? entry : {}) as {
    customer?: unknown;
    externalAccount?: unknown;
  };
  const customerOutcome = judged(() => customerPipe.transform(customer) as CreateCustomerDto);
  const accountOutcome =
    externalAccount === undefined ? undefined : judged(() => externalAccountPipe.transform(externalAccount));
  const failures = [customerOutcome, accountOutcome].filter((outcome) => outcome instanceof ApiException);
  if (failures.length === 0) {
    return {
      customer: customerOutcome as CreateCustomerDto,
      externalAccount: accountOutcome as ExternalAccountRequest | undefined,
    };
  }
  const { message, details } = ApiException.invalidInput([
    ...fieldErrorsOf(customerOutcome, ''),
    ...fieldErrorsOf(accountOutcome, 'externalAccount.'),
  ]);
  const code = failures.some((failure) => failure.code === 'INVALID_INPUT')
    ? 'INVALID_INPUT'
    : 'INVALID_BANK_ACCOUNT';
  return { error: { code, message, details } };
}

function judged<T>(validate: () => T): T | ApiException {
  try {
    return validate();
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
