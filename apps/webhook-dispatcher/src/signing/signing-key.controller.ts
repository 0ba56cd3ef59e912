import { Controller, Get } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { WebhookSigner } from '@webhooks/signing/webhook-signer';

/** Internal: the customers app shows this key as `webhookPublicKey` in the platform configuration. */
@ApiExcludeController()
@Controller('internal')
export class SigningKeyController {
  constructor(private readonly signer: WebhookSigner) {}

  @Get('signing-key')
  signingKey(): { publicKeyPem: string } {
    return { publicKeyPem: this.signer.publicKey };
  }
}
