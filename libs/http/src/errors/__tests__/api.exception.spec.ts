import { ApiException } from '../api.exception';
import { ERROR_STATUS, ErrorCode } from '../error-codes';

describe('ApiException', () => {
  it.each(Object.entries(ERROR_STATUS) as [ErrorCode, number][])('gives %s the status %i', (code, status) => {
    expect(new ApiException(code, 'message').status).toBe(status);
  });

  it('is an Error carrying its message', () => {
    const exception = new ApiException('QUOTE_EXPIRED', 'Quote expired at noon');

    expect(exception).toBeInstanceOf(Error);
    expect(exception.message).toBe('Quote expired at noon');
  });

  it('renders a body without details or request id when it has none', () => {
    expect(new ApiException('NOT_FOUND', 'No such quote').toBody()).toEqual({
      status: 404,
      code: 'NOT_FOUND',
      message: 'No such quote',
    });
  });

  it('renders its details and the request id into the body', () => {
    const body = new ApiException('INSUFFICIENT_BALANCE', 'Balance too low', { available: '10.00' }).toBody(
      'req-7',
    );

    expect(body).toEqual({
      status: 422,
      code: 'INSUFFICIENT_BALANCE',
      message: 'Balance too low',
      details: { available: '10.00' },
      requestId: 'req-7',
    });
  });

  it('builds INVALID_INPUT from field errors, naming every field in the message', () => {
    const errors = [
      { field: 'amount', message: 'must be positive' },
      { field: 'currency', message: 'is not supported' },
    ];

    const exception = ApiException.invalidInput(errors);

    expect(exception.toBody()).toEqual({
      status: 400,
      code: 'INVALID_INPUT',
      message: 'amount: must be positive; currency: is not supported',
      details: { errors },
    });
  });

  it('rebuilds the same exception from the body another app returned', () => {
    const original = new ApiException('CONFLICT', 'Already exists', { id: 'Customer:1' });

    const rebuilt = ApiException.fromBody(original.toBody('req-1'));

    expect(rebuilt).toBeInstanceOf(ApiException);
    expect(rebuilt.toBody()).toEqual(original.toBody());
  });
});
