import { ApiException } from '../../errors/api.exception';
import { createValidationPipe } from '../../validation/validation.pipe';
import { decodeCursor, encodeCursor, PageQueryDto, SortedPageQueryDto } from '../page';

const base64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

describe('page cursors', () => {
  it.each(['0', '1', '4096', '9223372036854775807'])('round-trips seq %s', (seq) => {
    expect(decodeCursor(encodeCursor(seq))).toBe(seq);
  });

  it('issues cursors that are safe in a query string', () => {
    expect(encodeCursor('9223372036854775807')).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it.each([
    ['an empty string', ''],
    ['text that is not base64 JSON', 'not-a-cursor!'],
    ['JSON null', base64url('null')],
    ['JSON without seq', base64url('{"id":"12"}')],
    ['a numeric seq', base64url('{"seq":12}')],
    ['a negative seq', base64url('{"seq":"-1"}')],
    ['a seq in exponent notation', base64url('{"seq":"1e3"}')],
    ['a seq with SQL in it', base64url('{"seq":"1 OR 1=1"}')],
    ['a seq of 20 digits', base64url('{"seq":"12345678901234567890"}')],
  ])('refuses %s as INVALID_INPUT on the field cursor', (_case, cursor) => {
    let refusal: unknown;
    try {
      decodeCursor(cursor);
    } catch (error) {
      refusal = error;
    }

    expect(refusal).toBeInstanceOf(ApiException);
    expect((refusal as ApiException).toBody()).toEqual({
      status: 400,
      code: 'INVALID_INPUT',
      message:
        'cursor: is not a cursor this service issued: pass the nextCursor of the previous page unchanged',
      details: {
        errors: [
          {
            field: 'cursor',
            message:
              'is not a cursor this service issued: pass the nextCursor of the previous page unchanged',
          },
        ],
      },
    });
  });

  // Lib bug: 19 digits may exceed Postgres bigint (max 9223372036854775807); such a cursor passes
  // decodeCursor and paginate's `seq < :afterSeq` then fails in the database, a 500 for a client error.
  it('refuses a seq beyond the bigint range', () => {
    expect(() => decodeCursor(base64url('{"seq":"9999999999999999999"}'))).toThrow(ApiException);
  });
});

describe('page query', () => {
  const asQuery = <T extends object>(metatype: new () => T, value: object): Promise<T> =>
    createValidationPipe().transform(value, { type: 'query', metatype });

  /** The distinct fields an INVALID_INPUT refusal of `value` names. */
  async function refusedFields(metatype: new () => object, value: object): Promise<string[]> {
    const refusal = await asQuery(metatype, value).then(
      () => new ApiException('INTERNAL_ERROR', 'query was accepted'),
      (error: ApiException) => error,
    );
    expect(refusal.code).toBe('INVALID_INPUT');
    const errors = refusal.details?.errors as { field: string }[];
    return [...new Set(errors.map((error) => error.field))];
  }

  it('converts the limit of a query string to a number', async () => {
    await expect(asQuery(PageQueryDto, { limit: '25', cursor: encodeCursor('7') })).resolves.toEqual({
      limit: 25,
      cursor: encodeCursor('7'),
    });
  });

  it.each(['0', '101', '2.5', 'ten'])('refuses the limit %s', async (limit) => {
    await expect(refusedFields(PageQueryDto, { limit })).resolves.toEqual(['limit']);
  });

  it('accepts asc and desc as sort order only', async () => {
    await expect(asQuery(SortedPageQueryDto, { sortOrder: 'asc' })).resolves.toEqual({ sortOrder: 'asc' });
    await expect(asQuery(SortedPageQueryDto, { sortOrder: 'desc' })).resolves.toEqual({ sortOrder: 'desc' });
    await expect(refusedFields(SortedPageQueryDto, { sortOrder: 'newest' })).resolves.toEqual(['sortOrder']);
  });
});
