import { ApprovalAnswerReceivedV1, RequestedCustomerInfoField } from '@payments/contracts';
import { FailureReason } from '@transfers/transactions/transaction.entity';

/**
 * What an approval comes to (docs/api.md#approvals): approved with what the
 * platform told about the recipient, acknowledged (202: approve or reject follows before the new
 * deadline), rejected, or failed with a failureReason of docs/api.md#errors.
 */
export type ApprovalDecision =
  | { kind: 'approve'; receiverCustomerInfo: Record<string, string> }
  | { kind: 'acknowledge'; deadlineAt: Date }
  | { kind: 'reject'; reason: string }
  | { kind: 'fail'; reason: FailureReason; detail: string };

/** A decision that ends the approval. */
export type FinalDecision = Exclude<ApprovalDecision, { kind: 'acknowledge' }>;

/** The requested fields marked mandatory that `info` lacks or leaves blank, in the order requested. */
export function missingMandatoryFields(
  requested: readonly RequestedCustomerInfoField[],
  info: Record<string, unknown>,
): string[] {
  return requested
    .filter(({ name, mandatory }) => mandatory && !(typeof info[name] === 'string' && info[name] !== ''))
    .map(({ name }) => name);
}

/** The approval a platform's synchronous answer to the pending webhook gives, as the dispatcher relayed it. */
export function decideFromAnswer(
  answer: ApprovalAnswerReceivedV1,
  requested: readonly RequestedCustomerInfoField[],
  timeoutSeconds: number,
): ApprovalDecision {
  if (answer.outcome === 'TIMED_OUT') {
    return timedOut(`The webhook endpoint did not answer within ${timeoutSeconds} s`);
  }
  if (answer.outcome === 'UNREACHABLE') {
    return webhookError(`The webhook endpoint could not be reached: ${answer.error ?? 'no connection'}`);
  }
  const body = parseObject(answer.responseBody);
  switch (answer.responseStatus) {
    case 200:
      return approvalIn(body, requested);
    case 202:
      return {
        kind: 'acknowledge',
        deadlineAt: new Date(Date.parse(answer.answeredAt) + timeoutSeconds * 1000),
      };
    case 403:
      return {
        kind: 'reject',
        reason: textOf(body?.reason) ?? textOf(body?.message) ?? 'no reason given',
      };
    case 422:
      return {
        kind: 'fail',
        reason: 'MISSING_MANDATORY_PAYEE_DATA',
        detail: `The platform lacks information about the recipient${listOf(body?.requiredFields)}`,
      };
    default:
      return webhookError(`The webhook endpoint answered ${answer.responseStatus}`);
  }
}

/** The approval in the body of a 200 answer: `{receiverCustomerInfo}` holding every mandatory field. */
function approvalIn(
  body: Record<string, unknown> | undefined,
  requested: readonly RequestedCustomerInfoField[],
): ApprovalDecision {
  const info = body?.receiverCustomerInfo ?? {};
  if (!body || !isStringMap(info)) {
    return webhookError(
      'The webhook endpoint answered 200 without a JSON object of receiverCustomerInfo strings',
    );
  }
  const missing = missingMandatoryFields(requested, info);
  if (missing.length > 0) {
    return {
      kind: 'fail',
      reason: 'MISSING_MANDATORY_PAYEE_DATA',
      detail: `The platform's approval lacks mandatory recipient information: ${missing.join(', ')}`,
    };
  }
  return { kind: 'approve', receiverCustomerInfo: info };
}

export function timedOut(detail: string): FinalDecision {
  return { kind: 'fail', reason: 'PAYMENT_APPROVAL_TIMED_OUT', detail };
}

function webhookError(detail: string): FinalDecision {
  return { kind: 'fail', reason: 'PAYMENT_APPROVAL_WEBHOOK_ERROR', detail };
}

export function isStringMap(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((entry) => typeof entry === 'string')
  );
}

function parseObject(text: string | undefined): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(text ?? '');
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** A short string the platform sent, kept for the record; anything else is left out. */
function textOf(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value.slice(0, 500) : undefined;
}

function listOf(fields: unknown): string {
  const names = Array.isArray(fields) ? fields.filter((field) => typeof field === 'string') : [];
  return names.length > 0 ? `: ${names.slice(0, 20).join(', ')}` : '';
}
