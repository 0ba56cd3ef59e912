import { ApiException } from '@payments/http';

/** Where a page of the delivery log stopped: the last item's creation time (µs since the epoch) and id. */
export interface DeliveryCursor {
  at: string;
  id: string;
}

const MICROSECONDS = /^\d{1,19}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The log's cursor names a delivery by its id rather than by a sequence, as the other lists' do: a
 * redelivery gives a delivery a new place in its transaction's queue (`sequence`), never a new id
 * or creation time, so a page never repeats or skips a delivery redelivered between two calls.
 */
export function encodeDeliveryCursor(cursor: DeliveryCursor): string {
  return Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url');
}

export function decodeDeliveryCursor(text: string): DeliveryCursor {
  try {
    const { at, id } = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (
      typeof at === 'string' &&
      MICROSECONDS.test(at) &&
      BigInt(at) < 2n ** 63n &&
      typeof id === 'string' &&
      UUID.test(id)
    )
      return { at, id };
  } catch {
    // the client error below
  }
  throw ApiException.invalidInput([
    {
      field: 'cursor',
      message: 'is not a cursor this service issued: pass the nextCursor of the previous page unchanged',
    },
  ]);
}
