import { createContext, ReactNode, useContext } from 'react';
import type { ApiClient } from '@console/api/client';
import type { components } from '@console/api/openapi';

export type SignedInToken = components['schemas']['TokenView'];
export type Permission = SignedInToken['permissions'][number];

/**
 * Who is signed in: the API client holding the credentials and the token they belong to. It lives
 * in React state only: never in storage or cookies, so closing or reloading the tab signs out.
 */
export interface Session {
  api: ApiClient;
  token: SignedInToken;
  signOut(): void;
}

const SessionContext = createContext<Session | undefined>(undefined);

export function SessionProvider({ session, children }: { session: Session; children: ReactNode }) {
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession needs a signed-in SessionProvider above it');
  return session;
}

export function holds(token: Pick<SignedInToken, 'permissions'>, permission: Permission): boolean {
  return token.permissions.includes(permission);
}

/** Renders its children only for a token the API would let do it: no button that would be refused. */
export function Permitted({ need, children }: { need: Permission; children: ReactNode }) {
  return holds(useSession().token, need) ? <>{children}</> : null;
}
