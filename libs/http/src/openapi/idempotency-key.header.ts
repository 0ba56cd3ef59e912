import { ApiHeaderOptions } from '@nestjs/swagger';

/** The `Idempotency-Key` header of the POSTs docs/api.md#idempotency lists, as the OpenAPI document shows it. */
export const IDEMPOTENCY_KEY_HEADER: ApiHeaderOptions = {
  name: 'Idempotency-Key',
  required: false,
  description: 'The same key again returns the first response, with Idempotent-Replayed: true',
};
