import {
  ArgumentsHost,
  BadRequestException,
  ConflictException,
  ForbiddenException,
  HttpException,
  InternalServerErrorException,
  Logger,
  MethodNotAllowedException,
  NotFoundException,
  PayloadTooLargeException,
  ServiceUnavailableException,
  UnauthorizedException,
  UnsupportedMediaTypeException,
} from '@nestjs/common';
import { errorCodes } from 'fastify';
import { ApiExceptionFilter, ROUTE_NOT_FOUND_HEADER } from '../api-exception.filter';
import { ApiException } from '../api.exception';

const filter = new ApiExceptionFilter();

function mapped(error: unknown): { status: number; code: string; message: string } {
  const { status, code, message } = filter.toApiException(error);
  return { status, code, message };
}

describe('ApiExceptionFilter.toApiException', () => {
  it('passes an ApiException through untouched', () => {
    const exception = new ApiException('QUOTE_NOT_FOUND', 'No such quote', { id: 'Quote:1' });

    expect(filter.toApiException(exception)).toBe(exception);
  });

  it.each([
    ['NotFoundException', new NotFoundException('No such page'), 404, 'NOT_FOUND', 'No such page'],
    [
      'BadRequestException',
      new BadRequestException('limit must be a number'),
      400,
      'INVALID_INPUT',
      'limit must be a number',
    ],
    [
      'UnauthorizedException',
      new UnauthorizedException('Bad credentials'),
      401,
      'UNAUTHORIZED',
      'Bad credentials',
    ],
    ['ForbiddenException', new ForbiddenException('Not yours'), 403, 'FORBIDDEN', 'Not yours'],
    [
      'MethodNotAllowedException',
      new MethodNotAllowedException(),
      405,
      'METHOD_NOT_ALLOWED',
      'Method Not Allowed',
    ],
    ['ConflictException', new ConflictException('Taken'), 409, 'CONFLICT', 'Taken'],
    [
      'PayloadTooLargeException',
      new PayloadTooLargeException(),
      413,
      'PAYLOAD_TOO_LARGE',
      'Request body is too large',
    ],
    [
      'UnsupportedMediaTypeException',
      new UnsupportedMediaTypeException(),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'Content-Type must be application/json',
    ],
    [
      'an HttpException with status 429',
      new HttpException('Slow down', 429),
      429,
      'RATE_LIMITED',
      'Slow down',
    ],
    [
      'ServiceUnavailableException',
      new ServiceUnavailableException('Draining'),
      503,
      'SERVICE_UNAVAILABLE',
      'Draining',
    ],
  ])('maps Nest %s', (_name, error, status, code, message) => {
    expect(mapped(error)).toEqual({ status, code, message });
  });

  it.each([
    [
      'a body over the limit',
      new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE(),
      413,
      'PAYLOAD_TOO_LARGE',
      'Request body is too large',
    ],
    [
      'a body that is not JSON',
      new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE('text/plain'),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'Content-Type must be application/json',
    ],
    [
      'an empty JSON body',
      new errorCodes.FST_ERR_CTP_EMPTY_JSON_BODY(),
      400,
      'INVALID_INPUT',
      'Request body is empty',
    ],
    [
      'malformed JSON',
      new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY(),
      400,
      'INVALID_INPUT',
      new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY().message,
    ],
  ])('maps the Fastify error for %s by its statusCode', (_case, error, status, code, message) => {
    expect(mapped(error)).toEqual({ status, code, message });
  });

  it('keeps the client message of a 400 short, replacing an overlong one', () => {
    const error = Object.assign(new SyntaxError('x'.repeat(300)), { statusCode: 400 });

    expect(mapped(error)).toEqual({ status: 400, code: 'INVALID_INPUT', message: 'Invalid request' });
  });

  it.each([
    ['an Error', new Error('connection refused')],
    ['a TypeError', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['InternalServerErrorException', new InternalServerErrorException('boom')],
    ['an error with a 5xx statusCode', Object.assign(new Error('upstream'), { statusCode: 502 })],
    ['an error whose statusCode is not a number', Object.assign(new Error('odd'), { statusCode: '400' })],
    ['a thrown string', 'something broke'],
    ['null', null],
    ['undefined', undefined],
  ])('hides %s behind 500 INTERNAL_ERROR', (_case, error) => {
    expect(mapped(error)).toEqual({
      status: 500,
      code: 'INTERNAL_ERROR',
      message: 'Internal error: retry later, and quote the requestId if it persists',
    });
  });
});

describe('ApiExceptionFilter.catch', () => {
  function httpHost({ is404 = false } = {}): {
    host: ArgumentsHost;
    reply: { status: jest.Mock; send: jest.Mock; header: jest.Mock };
  } {
    const reply = { status: jest.fn(), send: jest.fn(), header: jest.fn() };
    reply.status.mockReturnValue(reply);
    reply.header.mockReturnValue(reply);
    const request = { id: 'req-42', url: '/2025-10-13/quotes', is404 };
    const host = {
      getType: () => 'http',
      switchToHttp: () => ({ getRequest: () => request, getResponse: () => reply }),
    } as unknown as ArgumentsHost;
    return { host, reply };
  }

  let logError: jest.SpyInstance;
  beforeEach(() => {
    logError = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => logError.mockRestore());

  it.each([
    [
      'a client error in the envelope with the request id, without logging it',
      new ApiException('QUOTE_EXPIRED', 'Quote expired'),
      { status: 409, code: 'QUOTE_EXPIRED', message: 'Quote expired' },
      0,
    ],
    [
      'our own fault as a 500 and logs it',
      new Error('database is down'),
      {
        status: 500,
        code: 'INTERNAL_ERROR',
        message: 'Internal error: retry later, and quote the requestId if it persists',
      },
      1,
    ],
  ])('sends %s', (_case, error, body, logLines) => {
    const { host, reply } = httpHost();

    filter.catch(error, host);

    expect(reply.status).toHaveBeenCalledWith(body.status);
    expect(reply.send).toHaveBeenCalledWith({ ...body, requestId: 'req-42' });
    expect(logError).toHaveBeenCalledTimes(logLines);
  });

  it.each([
    ['every 503, whose outcome is unknown, after 1 s', new ServiceUnavailableException(), '1'],
    [
      'a request still running after the seconds it names',
      ApiException.retryLater('CONFLICT', 'still in progress', 5),
      '5',
    ],
  ])('tells the client to retry %s', (_case, error, seconds) => {
    const { host, reply } = httpHost();

    filter.catch(error, host);

    expect(reply.header).toHaveBeenCalledWith('retry-after', seconds);
  });

  it('sends no Retry-After with a refusal', () => {
    const { host, reply } = httpHost();

    filter.catch(new ApiException('QUOTE_EXPIRED', 'Quote expired'), host);

    expect(reply.header).not.toHaveBeenCalled();
  });

  it('marks the answer to a path no route matched, whatever the framework said of it', () => {
    const { host, reply } = httpHost({ is404: true });

    filter.catch(new NotFoundException('Cannot GET /2025-10-13/quotes'), host);

    expect(reply.header).toHaveBeenCalledWith(ROUTE_NOT_FOUND_HEADER, 'true');
    expect(reply.send).toHaveBeenCalledWith(
      expect.objectContaining({
        status: 404,
        code: 'NOT_FOUND',
        message: expect.stringContaining('No route has this path'),
      }),
    );
  });

  it('leaves a 404 of a route that exists unmarked: the resource, not the route, is missing', () => {
    const { host, reply } = httpHost();

    filter.catch(new ApiException('QUOTE_NOT_FOUND', 'No such quote'), host);

    expect(reply.header).not.toHaveBeenCalledWith(ROUTE_NOT_FOUND_HEADER, expect.anything());
  });
});
