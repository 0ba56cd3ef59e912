import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router';
import { Shell } from './layout/shell';
import { Session, SessionProvider } from './session/session';
import { SignInPage } from './session/sign-in-page';
import { ROUTES } from './routes';
import './styles.css';

/** The console's address space under the gateway; every link and deep link is below it. */
const BASE = '/console';

const router = createBrowserRouter(
  [
    {
      path: '/',
      element: <Shell />,
      children: [{ index: true, element: <Navigate to="/transactions" replace /> }, ...ROUTES],
    },
  ],
  { basename: BASE },
);

function Console() {
  const [queries] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 5_000 } } }),
  );
  const [session, setSession] = useState<Session>();
  // Signing out forgets the credentials and everything read with them.
  const signOut = () => {
    queries.clear();
    setSession(undefined);
  };
  return (
    <QueryClientProvider client={queries}>
      {session ? (
        <SessionProvider session={session}>
          <RouterProvider router={router} />
        </SessionProvider>
      ) : (
        <SignInPage onSignedIn={setSession} onSignOut={signOut} />
      )}
    </QueryClientProvider>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Console />
  </StrictMode>,
);
