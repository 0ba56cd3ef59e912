import { bodyTypeRefusal } from '@gateway/routing/body-type';

const JSON_BODY = { 'content-type': 'application/json; charset=utf-8', 'content-length': '2' };

function refusal(method: string, path: string, headers: Record<string, string>) {
  return bodyTypeRefusal(method, path, headers)?.toBody();
}

describe('bodyTypeRefusal', () => {
  it('takes a JSON body on every route, parameters and case aside', () => {
    expect(refusal('POST', '/customers', JSON_BODY)).toBeUndefined();
    expect(refusal('PATCH', '/config', { ...JSON_BODY, 'content-type': 'Application/JSON' })).toBeUndefined();
    expect(refusal('POST', '/customers/bulk/csv', JSON_BODY)).toBeUndefined();
  });

  it.each([
    ['form encoding, curl -d without a content type', 'application/x-www-form-urlencoded'],
    ['a multipart form', 'multipart/form-data; boundary=x'],
    ['text', 'text/plain'],
  ])('refuses %s on a JSON route with 415 naming application/json', (_case, contentType) => {
    const mediaType = contentType.split(';')[0];
    expect(refusal('POST', '/quotes', { 'content-type': contentType, 'content-length': '12' })).toEqual({
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: `Content-Type must be application/json; got ${mediaType}`,
      details: { expected: 'application/json', received: mediaType },
    });
  });

  it('refuses a chunked body without a content type', () => {
    expect(refusal('POST', '/transfer-out', { 'transfer-encoding': 'chunked' })).toMatchObject({
      status: 415,
      message: 'Content-Type must be application/json; got none',
    });
  });

  it('takes the CSV upload as multipart, and names multipart for anything else there', () => {
    const multipart = { 'content-type': 'multipart/form-data; boundary=x', 'content-length': '99' };
    expect(refusal('POST', '/customers/bulk/csv', multipart)).toBeUndefined();
    expect(
      refusal('POST', '/customers/bulk/csv', { 'content-type': 'text/csv', 'content-length': '99' }),
    ).toMatchObject({ status: 415, message: 'Content-Type must be multipart/form-data; got text/csv' });
  });

  it('judges no body: a request without one, or a GET', () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    expect(refusal('POST', '/quotes/Quote:1/execute', form)).toBeUndefined();
    expect(refusal('POST', '/quotes/Quote:1/execute', { ...form, 'content-length': '0' })).toBeUndefined();
    expect(refusal('GET', '/quotes', { ...form, 'content-length': '5' })).toBeUndefined();
  });
});
