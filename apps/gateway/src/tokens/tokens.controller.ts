import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import {
  ApiBasicAuth,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { API_VERSION, Page } from '@payments/http';
import type { FastifyRequest } from 'fastify';
import { RequiresPermission } from '@gateway/auth/auth.guard';
import { CreateTokenDto } from '@gateway/tokens/dto/create-token.dto';
import { ListTokensQuery } from '@gateway/tokens/dto/list-tokens.query';
import { IssuedTokenView, TokenPage, TokenView } from '@gateway/tokens/token.view';
import { TokensService } from '@gateway/tokens/tokens.service';

const NOT_FOUND = { description: "TOKEN_NOT_FOUND, also for a deleted token or another platform's" };

/** API tokens live in the gateway, which is the only app that authenticates. */
@ApiTags('API Tokens')
@ApiBasicAuth()
@Controller(`${API_VERSION}/tokens`)
export class TokensController {
  constructor(private readonly tokens: TokensService) {}

  @Post()
  @RequiresPermission('MANAGE')
  @ApiOperation({ summary: "Create a token in the caller's environment, with permissions the caller holds" })
  @ApiCreatedResponse({ type: IssuedTokenView })
  @ApiForbiddenResponse({ description: 'FORBIDDEN: a permission the calling token does not hold' })
  create(@Req() request: FastifyRequest, @Body() body: CreateTokenDto): Promise<IssuedTokenView> {
    return this.tokens.issue(request.principal!, body.name, body.permissions);
  }

  @Get()
  @RequiresPermission('VIEW')
  @ApiOperation({ summary: 'List the live tokens, newest first' })
  @ApiOkResponse({ type: TokenPage })
  list(@Req() request: FastifyRequest, @Query() query: ListTokensQuery): Promise<Page<TokenView>> {
    return this.tokens.list(request.principal!, query);
  }

  @Get(':tokenId')
  @RequiresPermission('VIEW')
  @ApiOkResponse({ type: TokenView })
  @ApiNotFoundResponse(NOT_FOUND)
  get(@Req() request: FastifyRequest, @Param('tokenId') tokenId: string): Promise<TokenView> {
    return this.tokens.get(request.principal!, tokenId);
  }

  @Delete(':tokenId')
  @HttpCode(204)
  @RequiresPermission('MANAGE')
  @ApiOperation({ summary: 'Delete a token: its credentials are refused from then on' })
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiNotFoundResponse(NOT_FOUND)
  async delete(@Req() request: FastifyRequest, @Param('tokenId') tokenId: string): Promise<void> {
    await this.tokens.delete(request.principal!, tokenId);
  }
}
