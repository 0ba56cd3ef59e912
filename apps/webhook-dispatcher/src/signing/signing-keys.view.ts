import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ScopeKeys } from '@webhooks/signing/signing-key.store';

/** A platform's webhook public keys in one environment, as GET /config shows them. */
export class SigningKeysView {
  @ApiProperty({ description: 'PEM public key (ECDSA P-256) that verifies X-Grid-Signature' })
  webhookPublicKey: string;

  @ApiPropertyOptional({
    description:
      'During a rotation overlap: PEM public key that verifies X-Grid-Signature-Next, and signs alone after webhookKeyOverlapEndsAt',
  })
  webhookNextPublicKey?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'When the next key replaces the current one' })
  webhookKeyOverlapEndsAt?: string;
}

export function presentSigningKeys(keys: ScopeKeys): SigningKeysView {
  return {
    webhookPublicKey: keys.current.publicKeyPem,
    ...(keys.next ? { webhookNextPublicKey: keys.next.publicKeyPem } : {}),
    ...(keys.overlapEndsAt ? { webhookKeyOverlapEndsAt: keys.overlapEndsAt.toISOString() } : {}),
  };
}
