import { ApiResponse } from '../api-client';
import { DocumentedResponses } from '../documented-responses';

const json = (status: number, body: unknown): ApiResponse => ({
  status,
  headers: new Headers({ 'content-type': 'application/json; charset=utf-8' }),
  body,
});

const TOKEN = {
  id: 'Token:0b7d6c1e-2f43-4a4e-9a43-2f0c3c8e0d51',
  name: 'reporting',
  permissions: ['VIEW'],
  clientId: '9f86d081884c7d659a2feaa0c55ad015',
  environment: 'SANDBOX',
  createdAt: '2025-10-13T09:30:00.000Z',
  updatedAt: '2025-10-13T09:30:00.000Z',
};

const AUDIT_ENTRY = {
  id: 'AuditEntry:0b7d6c1e-2f43-4a4e-9a43-2f0c3c8e0d51',
  createdAt: '2025-10-13T09:30:00.000Z',
  tokenId: TOKEN.id,
  tokenName: 'reporting',
  requestId: 'req-1',
  method: 'POST',
  route: '/tokens',
  resourceId: null,
  outcome: null,
};

describe('DocumentedResponses, against the committed docs/openapi.json', () => {
  const documented = new DocumentedResponses();

  it('passes an answer holding exactly what its schema documents, nulls where nullable', () => {
    expect(documented.departures('GET', '/tokens/{tokenId}', json(200, TOKEN))).toEqual([]);
    expect(
      documented.departures(
        'GET',
        '/audit-log',
        json(200, { data: [AUDIT_ENTRY], hasMore: false, totalCount: 1 }),
      ),
    ).toEqual([]);
  });

  it('names an undocumented field, a missing one and a mistyped one', () => {
    const unnamed: Partial<typeof TOKEN> = { ...TOKEN };
    delete unnamed.name;

    expect(documented.departures('GET', '/tokens/{tokenId}', json(200, { ...TOKEN, secret: 'x' }))).toEqual([
      expect.stringContaining('must NOT have additional properties'),
    ]);
    expect(documented.departures('GET', '/tokens/{tokenId}', json(200, unnamed))).toEqual([
      expect.stringContaining("must have required property 'name'"),
    ]);
    expect(
      documented.departures('GET', '/tokens/{tokenId}', json(200, { ...TOKEN, createdAt: 'today' })),
    ).toEqual([expect.stringMatching(/^\/createdAt must match format "date-time"/)]);
  });

  it('names an undocumented operation, status, media type or body', () => {
    expect(documented.departures('GET', '/no-such-path', json(200, {}))).toEqual([
      'GET /no-such-path is not in the document',
    ]);
    expect(documented.departures('GET', '/tokens/{tokenId}', json(418, {}))).toEqual([
      'GET /tokens/{tokenId} does not document status 418',
    ]);
    expect(
      documented.departures('GET', '/reports/transactions', {
        status: 200,
        headers: new Headers({ 'content-type': 'text/plain' }),
        body: 'id\r\n',
      }),
    ).toEqual(['media type text/plain is not documented']);
    expect(documented.departures('DELETE', '/tokens/{tokenId}', json(204, { id: TOKEN.id }))).toEqual([
      'a body the document does not describe',
    ]);
  });

  it('takes a text answer of a documented media type as the string it is', () => {
    const csv = {
      status: 200,
      headers: new Headers({ 'content-type': 'text/csv; charset=utf-8' }),
      body: 'id\r\n',
    };

    expect(documented.departures('GET', '/reports/transactions', csv)).toEqual([]);
  });
});
