import { Body, Controller, Get, Headers, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { MAJOR_VERSION } from '@uma-sdk/core';
import type { FastifyRequest } from 'fastify';
import { LnurlpResponder } from '@customers/uma-protocol/receiving/lnurlp-responder';
import { PayRequestHandler } from '@customers/uma-protocol/receiving/pay-request-handler';
import { UmaReceivers } from '@customers/uma-protocol/receiving/uma-receivers';

/** Set by the gateway: the Host the UMA peer asked, which names the platform. */
const HOST = 'x-forwarded-host';

/**
 * The UMA protocol's public endpoints, which the gateway serves without credentials for every
 * platform's umaDomain (docs/uma.md). Outside the versioned API, so
 * not in its OpenAPI document.
 */
@ApiExcludeController()
@Controller()
export class WellKnownController {
  constructor(
    private readonly lnurlp: LnurlpResponder,
    private readonly payRequests: PayRequestHandler,
    private readonly receivers: UmaReceivers,
  ) {}

  @Get('.well-known/lnurlp/:user')
  lookup(@Headers(HOST) host: string | undefined, @Req() request: FastifyRequest): Promise<unknown> {
    return this.lnurlp.lnurlp(host, request.url);
  }

  @Get('.well-known/lnurlpubkey')
  publicKeys(@Headers(HOST) host: string | undefined): Promise<unknown> {
    return this.lnurlp.publicKeysOf(host);
  }

  @Get('.well-known/uma-configuration')
  async configuration(@Headers(HOST) host: string | undefined): Promise<unknown> {
    await this.receivers.configOf(host);
    return { uma_major_versions: [MAJOR_VERSION] };
  }

  @Post('uma/payreq/:user')
  @HttpCode(200)
  payRequest(
    @Headers(HOST) host: string | undefined,
    @Param('user') user: string,
    @Body() body: unknown,
  ): Promise<unknown> {
    return this.payRequests.payRequest(host, user, body);
  }
}
