import { Environment, Permission } from '@payments/contracts';
import { ApiException } from '@payments/http';
import { Repository } from 'typeorm';
import { ApiToken } from '@gateway/auth/api-token.entity';
import { Principal } from '@gateway/auth/principal';
import { TokenAuthenticator } from '@gateway/auth/token-authenticator';
import { TokensService } from '@gateway/tokens/tokens.service';

function callerWith(permissions: Permission[]): Principal {
  return {
    tokenId: 't1',
    tokenName: 'test',
    clientId: 'c1',
    platformId: 'p1',
    environment: Environment.Sandbox,
    permissions,
  };
}

describe('TokensService.issue: a token grants only what its creator holds', () => {
  const insert = jest.fn().mockResolvedValue(undefined);
  const repository = { insert, manager: { connection: {} } } as unknown as Repository<ApiToken>;
  const service = new TokensService(repository, {} as TokenAuthenticator);

  beforeEach(() => insert.mockClear());

  it('refuses a MANAGE-only token minting a TRANSACT token with 403, storing nothing', async () => {
    const attempt = service.issue(callerWith(['MANAGE']), 'escalate', ['TRANSACT']);

    await expect(attempt).rejects.toMatchObject({
      code: 'FORBIDDEN',
      details: { permissionsNotHeld: ['TRANSACT'] },
    });
    await expect(attempt).rejects.toBeInstanceOf(ApiException);
    expect(insert).not.toHaveBeenCalled();
  });

  it('refuses a request mixing held and unheld permissions', async () => {
    await expect(
      service.issue(callerWith(['MANAGE', 'VIEW']), 'mixed', ['VIEW', 'TRANSACT']),
    ).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(insert).not.toHaveBeenCalled();
  });

  it('issues a token with a subset of the caller permissions, in the caller scope', async () => {
    const issued = await service.issue(callerWith(['MANAGE', 'VIEW', 'TRANSACT']), 'reporting', ['VIEW']);

    expect(issued).toMatchObject({ permissions: ['VIEW'], environment: Environment.Sandbox });
    expect(insert).toHaveBeenCalledWith(expect.objectContaining({ platformId: 'p1', permissions: ['VIEW'] }));
  });
});
