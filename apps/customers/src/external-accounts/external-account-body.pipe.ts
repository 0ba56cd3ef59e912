import { PipeTransform, Type } from '@nestjs/common';
import { ApiException, validateBody } from '@payments/http';
import { ACCOUNT_TYPES, AccountType, bankAccountErrors } from '@customers/external-accounts/account-info';
import { ExternalAccountRequest } from '@customers/external-accounts/dto/create-external-account.dto';

/**
 * Validates an external account body in two steps, each listing every error it finds:
 * - its shape, with the rules of the global pipe: a field missing, unknown, of the wrong JSON type or
 *   outside its enum is 400 INVALID_INPUT;
 * - then the account identifiers, by the rules of accountInfo.accountType: a format, length or check
 *   digit that no rail would accept is 400 INVALID_BANK_ACCOUNT, with the same `details.errors`.
 * The parameter is typed as an interface, which the global pipe leaves alone.
 */
export class ExternalAccountBodyPipe implements PipeTransform<unknown, ExternalAccountRequest> {
  constructor(private readonly bodyClass: Type<ExternalAccountRequest>) {}

  transform(body: unknown): ExternalAccountRequest {
    const request = validateBody(this.bodyClass, withJudgeableAccountInfo(body));
    const errors = bankAccountErrors(request.accountInfo);
    if (errors.length > 0) {
      const message = errors.map((error) => `${error.field}: ${error.message}`).join('; ');
      throw new ApiException('INVALID_BANK_ACCOUNT', message, { errors });
    }
    return request;
  }
}

/**
 * Without a known accountType no other field of accountInfo can be judged, so only the type is left
 * to be reported, next to whatever else is wrong with the body.
 */
function withJudgeableAccountInfo(body: unknown): unknown {
  const accountInfo = (body as { accountInfo?: unknown } | null)?.accountInfo;
  if (typeof accountInfo !== 'object' || accountInfo === null || Array.isArray(accountInfo)) return body;
  const { accountType } = accountInfo as { accountType?: unknown };
  if (ACCOUNT_TYPES.includes(accountType as AccountType)) return body;
  return { ...(body as object), accountInfo: { accountType } };
}
