import type { FastifyReply, FastifyRequest } from 'fastify';
import pinoHttp from 'pino-http';
import { loggerOptions, logRequest } from '../logging';
import { redactUrl } from '../url-redaction';

const TOKEN = 'kq7Zx1VbS3cr3tT0k3n';

describe('redactUrl', () => {
  it.each([
    ['a hosted KYC page', `/kyc/${TOKEN}`, '/kyc/[redacted]'],
    ['a KYC page submission with a query', `/kyc/${TOKEN}?step=2`, '/kyc/[redacted]?step=2'],
    ['a Plaid link callback', `/2025-10-13/plaid/callback/${TOKEN}`, '/2025-10-13/plaid/callback/[redacted]'],
    [
      'an invitation claim',
      `/2025-10-13/invitations/${TOKEN}/claim`,
      '/2025-10-13/invitations/[redacted]/claim',
    ],
    [
      'an absolute-form target',
      `http://gateway.example/kyc/${TOKEN}`,
      'http://gateway.example/kyc/[redacted]',
    ],
    [
      'a token parameter',
      `/2025-10-13/customers?token=${TOKEN}&limit=2`,
      '/2025-10-13/customers?token=[redacted]&limit=2',
    ],
    [
      'secret, code and signature parameters',
      `/cb?client_secret=${TOKEN}&code=${TOKEN}&signature=${TOKEN}`,
      '/cb?client_secret=[redacted]&code=[redacted]&signature=[redacted]',
    ],
    ['an encoded parameter name', `/cb?ac%63ess_token=${TOKEN}`, '/cb?ac%63ess_token=[redacted]'],
    ['an api key in any case', `/cb?API_KEY=${TOKEN}`, '/cb?API_KEY=[redacted]'],
  ])('hides the secret of %s', (_case, url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it.each([
    ['/2025-10-13/customers/Customer:1?limit=20&cursor=abc'],
    ['/2025-10-13/customers/kyc-link?platformCustomerId=c-1'],
    ['/2025-10-13/invitations'],
    ['/health'],
  ])('leaves %s as it is', (url) => {
    expect(redactUrl(url)).toBe(url);
  });
});

describe('the access log line', () => {
  it(`of a request for /kyc/<token> does not hold the token, through the app's pino-http logger`, () => {
    const lines: string[] = [];
    const { logger } = pinoHttp({
      ...loggerOptions('gateway', 'debug'),
      stream: { write: (line: string) => lines.push(line) },
    });
    const request = { url: `/kyc/${TOKEN}?code=${TOKEN}`, method: 'GET', id: 'r1' } as FastifyRequest;
    const reply = { statusCode: 200, elapsedTime: 3 } as FastifyReply;

    logRequest(logger, request, reply);

    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain(TOKEN);
    expect(JSON.parse(lines[0]).req.url).toBe('/kyc/[redacted]?code=[redacted]');
  });
});
