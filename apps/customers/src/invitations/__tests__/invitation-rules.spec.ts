import { ApiException } from '@payments/http';
import {
  assertPending,
  invitationUrl,
  isInvitationCode,
  newInvitationCode,
  statusOf,
} from '@customers/invitations/invitation-rules';

const NOW = new Date('2026-11-25T12:00:00Z');
const LATER = new Date('2026-11-25T13:00:00Z');
const EARLIER = new Date('2026-11-25T11:00:00Z');

describe('invitation codes', () => {
  it('are 128 random bits, URL-safe, never the same twice', () => {
    const codes = Array.from({ length: 1_000 }, newInvitationCode);

    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(isInvitationCode(code)).toBe(true);
  });

  it('refuses what this service could not have made', () => {
    for (const code of ['019542f5', 'k3Jx9Qm2Vb7TtZp4Lw8NcA=', 'k3Jx9Qm2Vb7TtZp4Lw8N/A', '']) {
      expect(isInvitationCode(code)).toBe(false);
    }
  });

  it("point at a page of the inviter's UMA domain", () => {
    expect(invitationUrl('$ada@acme.uma.local:8443', 'k3Jx9Qm2Vb7TtZp4Lw8NcA')).toBe(
      'https://acme.uma.local:8443/i/k3Jx9Qm2Vb7TtZp4Lw8NcA',
    );
  });
});

describe('statusOf', () => {
  it('shows a pending invitation past its expiry as EXPIRED, and the stored status otherwise', () => {
    expect(statusOf({ status: 'PENDING', expiresAt: EARLIER }, NOW)).toBe('EXPIRED');
    expect(statusOf({ status: 'PENDING', expiresAt: NOW }, NOW)).toBe('EXPIRED');
    expect(statusOf({ status: 'PENDING', expiresAt: LATER }, NOW)).toBe('PENDING');
    expect(statusOf({ status: 'PENDING', expiresAt: null }, NOW)).toBe('PENDING');
    expect(statusOf({ status: 'CLAIMED', expiresAt: EARLIER }, NOW)).toBe('CLAIMED');
    expect(statusOf({ status: 'CANCELLED', expiresAt: EARLIER }, NOW)).toBe('CANCELLED');
  });
});

describe('assertPending', () => {
  const refusal = (status: 'CLAIMED' | 'CANCELLED' | 'PENDING', expiresAt: Date | null) => {
    try {
      assertPending({ code: 'k3Jx9Qm2Vb7TtZp4Lw8NcA', status, expiresAt }, 'claimed', NOW);
      return undefined;
    } catch (error) {
      return error as ApiException;
    }
  };

  it('lets a pending, unexpired invitation move', () => {
    expect(refusal('PENDING', LATER)).toBeUndefined();
  });

  it.each([
    ['CLAIMED', null, 'CLAIMED'],
    ['CANCELLED', null, 'CANCELLED'],
    ['PENDING', EARLIER, 'EXPIRED'],
  ] as const)('refuses a %s one (expiry %s) with 409 CONFLICT naming %s', (stored, expiresAt, shown) => {
    const error = refusal(stored, expiresAt);

    expect(error).toBeInstanceOf(ApiException);
    expect(error).toMatchObject({ status: 409, code: 'CONFLICT', details: { status: shown } });
  });
});
