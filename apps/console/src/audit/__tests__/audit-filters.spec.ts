import { auditQuery } from '@console/audit/audit-filters';

describe('auditQuery', () => {
  it('narrows to a resource and a token within inclusive UTC days', () => {
    expect(
      auditQuery(
        { resourceId: ' FeeRule:1 ', tokenId: 'Token:2', from: '2026-11-01', to: '2026-11-02' },
        'next',
      ),
    ).toEqual({
      limit: 20,
      cursor: 'next',
      resourceId: 'FeeRule:1',
      tokenId: 'Token:2',
      createdAfter: '2026-11-01T00:00:00.000Z',
      createdBefore: '2026-11-02T23:59:59.999Z',
    });
  });

  it('asks for the newest page without filters', () => {
    expect(auditQuery({ resourceId: '  ', from: 'yesterday' })).toEqual({ limit: 20 });
  });
});
