import { Injectable, OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { createPrivateKey, createPublicKey, generateKeyPairSync, KeyObject, sign } from 'node:crypto';
import { DataSource } from 'typeorm';
import { WebhookDispatcherEnvironment } from '@webhooks/webhook-dispatcher.environment';

const CURRENT_KEY_ID = 'current';

/**
 * Signs webhook bodies with ECDSA P-256 over SHA-256 (DER, base64) for the X-Grid-Signature header.
 * The key comes from the environment, or is created once and kept in this app's schema so that the
 * public key platforms verify with survives restarts.
 */
@Injectable()
export class WebhookSigner implements OnModuleInit {
  private privateKey: KeyObject;
  private publicKeyPem: string;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: ConfigService<WebhookDispatcherEnvironment, true>,
  ) {}

  async onModuleInit(): Promise<void> {
    const configured = this.config.get('WEBHOOK_SIGNING_PRIVATE_KEY', { infer: true });
    const privateKeyPem = configured ?? (await this.storedOrNewKey());
    this.privateKey = createPrivateKey(privateKeyPem);
    const details = this.privateKey.asymmetricKeyDetails;
    if (this.privateKey.asymmetricKeyType !== 'ec' || details?.namedCurve !== 'prime256v1') {
      throw new Error('WEBHOOK_SIGNING_PRIVATE_KEY must be an ECDSA P-256 private key');
    }
    this.publicKeyPem = createPublicKey(this.privateKey).export({ type: 'spki', format: 'pem' }).toString();
  }

  get publicKey(): string {
    return this.publicKeyPem;
  }

  sign(rawBody: string): string {
    return sign('sha256', Buffer.from(rawBody), { key: this.privateKey, dsaEncoding: 'der' }).toString('base64');
  }

  /** Concurrent first starts race on the insert; every replica then reads the one key that won. */
  private async storedOrNewKey(): Promise<string> {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    await this.dataSource.query(
      `INSERT INTO signing_keys (id, private_key_pem, public_key_pem) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING`,
      [
        CURRENT_KEY_ID,
        privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      ],
    );
    const [row] = await this.dataSource.query(`SELECT private_key_pem FROM signing_keys WHERE id = $1`, [CURRENT_KEY_ID]);
    return row.private_key_pem;
  }
}
