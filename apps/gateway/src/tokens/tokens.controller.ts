import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { ApiBasicAuth, ApiTags } from '@nestjs/swagger';
import { API_VERSION, Page } from '@payments/http';
import type { FastifyRequest } from 'fastify';
import { RequiresPermission } from '@gateway/auth/auth.guard';
import { CreateTokenDto } from '@gateway/tokens/dto/create-token.dto';
import { ListTokensQuery } from '@gateway/tokens/dto/list-tokens.query';
import { IssuedToken, TokensService, TokenView } from '@gateway/tokens/tokens.service';

/** API tokens live in the gateway, which is the only app that authenticates. */
@ApiTags('API Tokens')
@ApiBasicAuth()
@Controller(`${API_VERSION}/tokens`)
export class TokensController {
  constructor(private readonly tokens: TokensService) {}

  @Post()
  @RequiresPermission('MANAGE')
  create(@Req() request: FastifyRequest, @Body() body: CreateTokenDto): Promise<IssuedToken> {
    return this.tokens.issue(request.principal!, body.name, body.permissions);
  }

  @Get()
  @RequiresPermission('VIEW')
  list(@Req() request: FastifyRequest, @Query() query: ListTokensQuery): Promise<Page<TokenView>> {
    return this.tokens.list(request.principal!, query);
  }

  @Get(':tokenId')
  @RequiresPermission('VIEW')
  get(@Req() request: FastifyRequest, @Param('tokenId') tokenId: string): Promise<TokenView> {
    return this.tokens.get(request.principal!, tokenId);
  }

  @Delete(':tokenId')
  @HttpCode(204)
  @RequiresPermission('MANAGE')
  async delete(@Req() request: FastifyRequest, @Param('tokenId') tokenId: string): Promise<void> {
    await this.tokens.delete(request.principal!, tokenId);
  }
}
