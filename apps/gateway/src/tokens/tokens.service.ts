import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { isIdOf, Permission } from '@payments/contracts';
import { ApiException, boundsCreation, listFilters, Page } from '@payments/http';
import { inScope, ListCounts, paginate } from '@payments/persistence';
import { IsNull, Repository } from 'typeorm';
import { ApiToken } from '@gateway/auth/api-token.entity';
import { Principal } from '@gateway/auth/principal';
import { newApiToken } from '@gateway/auth/new-api-token';
import { TokenAuthenticator } from '@gateway/auth/token-authenticator';
import { ListTokensQuery } from '@gateway/tokens/dto/list-tokens.query';
import { TOKEN_LIST } from '@gateway/tokens/token-list';
import { IssuedTokenView, TokenView } from '@gateway/tokens/token.view';

const TOKEN_PREFIX = 'Token:';

@Injectable()
export class TokensService {
  private readonly counts: ListCounts;

  constructor(
    @InjectRepository(ApiToken) private readonly tokens: Repository<ApiToken>,
    private readonly authenticator: TokenAuthenticator,
  ) {
    this.counts = new ListCounts(tokens.manager.connection, TOKEN_LIST);
  }

  /**
   * A new token of the caller's platform and environment. It may hold only permissions the caller
   * holds, so a token cannot mint one stronger than itself (docs/security.md).
   */
  async issue(caller: Principal, name: string, permissions: Permission[]): Promise<IssuedTokenView> {
    const beyondCaller = permissions.filter((permission) => !caller.permissions.includes(permission));
    if (beyondCaller.length > 0) {
      throw new ApiException(
        'FORBIDDEN',
        `A token can grant only permissions its creator holds; this one lacks ${beyondCaller.join(', ')}`,
        { permissionsNotHeld: beyondCaller },
      );
    }
    const { platformId, environment } = caller;
    const { token, clientSecret } = await newApiToken(platformId, environment, name, permissions);
    await this.tokens.insert(token);
    return { ...present(token), clientSecret };
  }

  async list(caller: Principal, query: ListTokensQuery): Promise<Page<TokenView>> {
    const builder = this.tokens
      .createQueryBuilder('token')
      .where(
        'token.platformId = :platformId AND token.environment = :environment AND token.deletedAt IS NULL',
        {
          platformId: caller.platformId,
          environment: caller.environment,
        },
      );
    const filters = listFilters('token', query, {
      equal: { name: 'name', clientId: 'clientId' },
      createdAt: { createdAfter: '>=', createdBefore: '<=' },
      updatedAt: { updatedAfter: '>=', updatedBefore: '<=' },
    });
    for (const filter of filters) builder.andWhere(filter.where, filter.parameters);
    return paginate(builder, query, present, {
      counted: this.counts.counter(caller, filters),
      inCreationOrder: boundsCreation(filters),
    });
  }

  async get(caller: Principal, tokenId: string): Promise<TokenView> {
    return present(await this.find(caller, tokenId));
  }

  async delete(caller: Principal, tokenId: string): Promise<void> {
    const token = await this.find(caller, tokenId);
    await this.tokens.update(
      { id: token.id, deletedAt: IsNull() },
      { deletedAt: new Date(), updatedAt: new Date() },
    );
    await this.authenticator.revoke(token.clientId);
  }

  private async find(caller: Principal, tokenId: string): Promise<ApiToken> {
    const found = isIdOf('Token', tokenId)
      ? inScope(await this.tokens.findOneBy({ id: tokenId.slice(TOKEN_PREFIX.length) }), caller)
      : undefined;
    const token = found?.deletedAt ? undefined : found;
    if (!token) throw ApiException.notFound('TOKEN_NOT_FOUND', `Token ${tokenId}`);
    return token;
  }
}

function present(token: ApiToken): TokenView {
  return {
    id: `${TOKEN_PREFIX}${token.id}`,
    name: token.name,
    permissions: token.permissions,
    clientId: token.clientId,
    environment: token.environment,
    createdAt: token.createdAt.toISOString(),
    updatedAt: token.updatedAt.toISOString(),
  };
}
