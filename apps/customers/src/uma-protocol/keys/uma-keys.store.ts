import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { BoundedCache, KeySealer } from '@payments/runtime';
import { generateKeyPairSync } from 'node:crypto';
import { DataSource } from 'typeorm';
import { CustomersEnvironment } from '@customers/customers.environment';

/** A platform's UMA keys in one environment: secp256k1, the curve the UMA protocol signs with. */
export interface PlatformUmaKeys {
  signingPrivateKey: Buffer;
  /** Uncompressed public key, hex, as /.well-known/lnurlpubkey serves it. */
  signingPublicKey: string;
  encryptionPrivateKey: Buffer;
  encryptionPublicKey: string;
}

/** Platform configurations whose keys a replica keeps in memory; one evicted is read again. */
const MAX_CACHED_CONFIGS = 10_000;

interface KeyRow {
  signing_private_key: string;
  signing_public_key: string;
  encryption_private_key: string;
  encryption_public_key: string;
}

/**
 * Each platform configuration's signing and encryption keys, made at first use (the first lookup or
 * payment that needs them): two replicas making them at once keep the first stored. Kept in memory
 * once read, since they never change.
 */
@Injectable()
export class UmaKeysStore {
  private readonly cache = new BoundedCache<PlatformUmaKeys>(MAX_CACHED_CONFIGS);
  private readonly sealer: KeySealer;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    config: ConfigService<CustomersEnvironment, true>,
  ) {
    this.sealer = KeySealer.fromConfig('UMA_KEY_ENCRYPTION_KEY', config);
  }

  keysOf(platformConfigId: string): Promise<PlatformUmaKeys> {
    return this.cache.get(platformConfigId, () => this.storedOrNew(platformConfigId));
  }

  private async storedOrNew(platformConfigId: string): Promise<PlatformUmaKeys> {
    const signing = newKeyPair();
    const encryption = newKeyPair();
    await this.dataSource.query(
      `INSERT INTO uma_keys (platform_config_id, signing_private_key, signing_public_key,
                             encryption_private_key, encryption_public_key)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT (platform_config_id) DO NOTHING`,
      [
        platformConfigId,
        this.sealer.seal(signing.privateKey),
        signing.publicKey,
        this.sealer.seal(encryption.privateKey),
        encryption.publicKey,
      ],
    );
    const [row]: KeyRow[] = await this.dataSource.query(
      `SELECT signing_private_key, signing_public_key, encryption_private_key, encryption_public_key
         FROM uma_keys WHERE platform_config_id = $1`,
      [platformConfigId],
    );
    return {
      signingPrivateKey: this.sealer.open(row.signing_private_key),
      signingPublicKey: row.signing_public_key,
      encryptionPrivateKey: this.sealer.open(row.encryption_private_key),
      encryptionPublicKey: row.encryption_public_key,
    };
  }
}

/** A secp256k1 key pair as hex: the 32-byte private scalar and the uncompressed public point. */
export function newKeyPair(): { privateKey: string; publicKey: string } {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'secp256k1' });
  const jwk = privateKey.export({ format: 'jwk' });
  const hex = (base64url: string) => Buffer.from(base64url, 'base64url').toString('hex');
  return { privateKey: hex(jwk.d!), publicKey: `04${hex(jwk.x!)}${hex(jwk.y!)}` };
}
