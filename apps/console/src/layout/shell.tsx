import { NavLink, Outlet } from 'react-router';
import { useSession } from '@console/session/session';

const SECTIONS = [
  ['transactions', 'Transactions'],
  ['webhooks', 'Webhooks'],
  ['customers', 'Customers'],
  ['imports', 'Imports'],
  ['settings', 'Settings'],
  ['tokens', 'Tokens'],
  ['fee-rules', 'Fee rules'],
  ['audit-log', 'Audit log'],
] as const;

/** Every screen carries the environment, so nobody takes production for the sandbox. */
export function Shell() {
  const { token, signOut } = useSession();
  const environment = token.environment;
  return (
    <div className={`shell environment-${environment.toLowerCase()}`}>
      <header>
        <span className="product">Payments console</span>
        <span className="environment" data-testid="environment">
          {environment}
        </span>
        <span className="token">
          {token.name} · {token.permissions.join(', ')}
        </span>
        <button type="button" onClick={signOut}>
          Sign out
        </button>
      </header>
      <nav aria-label="Sections">
        {SECTIONS.map(([path, label]) => (
          <NavLink key={path} to={`/${path}`}>
            {label}
          </NavLink>
        ))}
      </nav>
      <main>
        <Outlet />
      </main>
    </div>
  );
}
