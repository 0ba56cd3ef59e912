import { EgressFailure } from '@payments/egress';
import { ApiException } from '@payments/http';

/** 400 WEBHOOK_ENDPOINT_NOT_SET: a webhook to send (a test, a redelivery) and no endpoint to send it to. */
export function endpointNotSet(environment: string): ApiException {
  return new ApiException(
    'WEBHOOK_ENDPOINT_NOT_SET',
    `This platform has no webhookEndpoint in ${environment.toLowerCase()}, so there is nowhere to send: set one with PATCH /config, then retry`,
  );
}

/** What the platform can do about each kind of failure an attempt without answer records. */
const REMEDIES: Record<EgressFailure, string> = {
  EGRESS_REFUSED: 'point webhookEndpoint at a public address',
  TIMEOUT: 'make the endpoint answer faster, e.g. with 200 before doing the work',
  CONNECTION_FAILED: 'check that the endpoint is up and accepts connections from the internet',
  TLS_FAILED: "check the endpoint's TLS certificate and chain",
  INVALID_RESPONSE: 'check that the endpoint answers HTTP',
};

/**
 * 400 WEBHOOK_DELIVERY_ERROR for a test webhook that got no answer: the kind of failure and its fixed
 * description only (never the error's text, which would tell of hosts inside the deployment).
 */
export function endpointUnreachable(
  url: string,
  error: string | undefined,
  failure: EgressFailure | undefined,
): ApiException {
  // An attempt that was never sent (the webhook could not be signed) has no kind: it is ours.
  const remedy = failure ? REMEDIES[failure] : 'retry shortly';
  return new ApiException(
    'WEBHOOK_DELIVERY_ERROR',
    `The webhook endpoint could not be reached (${error}): ${remedy}, then send the test again`,
    { url, failure },
  );
}
