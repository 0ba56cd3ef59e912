import { renderToStaticMarkup } from 'react-dom/server';
import { createApiClient } from '@console/api/client';
import { Permission, Permitted, Session, SessionProvider } from '@console/session/session';

function sessionHolding(permissions: Permission[]): Session {
  return {
    api: createApiClient({ clientId: 'id', clientSecret: 'secret' }, 'http://console.test', () => {
      throw new Error('rendering makes no call');
    }),
    token: {
      id: 'Token:1',
      name: 'support',
      clientId: 'id',
      permissions,
      environment: 'SANDBOX',
      createdAt: '2026-11-28T00:00:00Z',
      updatedAt: '2026-11-28T00:00:00Z',
    },
    signOut: () => undefined,
  };
}

const render = (permissions: Permission[]) =>
  renderToStaticMarkup(
    <SessionProvider session={sessionHolding(permissions)}>
      <p>Delivery</p>
      <Permitted need="MANAGE">
        <button type="button">Redeliver</button>
      </Permitted>
    </SessionProvider>,
  );

describe('Permitted', () => {
  it('shows a VIEW token no button the API would refuse it', () => {
    expect(render(['VIEW'])).toBe('<p>Delivery</p>');
    expect(render(['VIEW', 'TRANSACT'])).toBe('<p>Delivery</p>');
  });

  it('shows the button to a token holding the permission', () => {
    expect(render(['VIEW', 'MANAGE'])).toBe('<p>Delivery</p><button type="button">Redeliver</button>');
  });
});
