import { Body, Controller, Get, Param, Post, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { kycFormValues } from '@customers/kyc/kyc-form';
import { KYC_PAGE_HEADERS, KycPage } from '@customers/kyc/kyc-page';
import { KycLinksService, KycSubmission } from '@customers/kyc/kyc-links.service';

/**
 * The hosted KYC page, an HTML form for the end customer. The gateway serves it publicly at
 * /kyc/{token} without credentials: the unguessable token in the path is the only key. Every answer
 * is a page (or the redirect), never the JSON error envelope.
 */
@ApiExcludeController()
@Controller('kyc')
export class KycPageController {
  constructor(private readonly links: KycLinksService) {}

  @Get(':token')
  async show(@Param('token') token: string, @Res() reply: FastifyReply): Promise<void> {
    send(reply, await this.links.page(token));
  }

  /** The form posts application/x-www-form-urlencoded; the gateway forwards it as the same fields in JSON. */
  @Post(':token')
  async submit(
    @Param('token') token: string,
    @Body() body: unknown,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    send(reply, await this.links.submit(token, kycFormValues(body)));
  }
}

function send(reply: FastifyReply, outcome: KycSubmission | KycPage): void {
  if ('redirectTo' in outcome) {
    void reply
      .status(303)
      .headers({
        location: outcome.redirectTo,
        'cache-control': 'no-store',
        'referrer-policy': 'no-referrer',
      })
      .send();
    return;
  }
  void reply.status(outcome.status).headers(KYC_PAGE_HEADERS).send(outcome.html);
}
