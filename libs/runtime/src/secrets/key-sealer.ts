import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const SEALED = 'aes-256-gcm:';
const IV_BYTES = 12;

export interface KeySealerOptions {
  /** The setting that holds the key (named in errors), e.g. UMA_KEY_ENCRYPTION_KEY. */
  setting: string;
  /** 64 hex digits, or empty where keys may be stored as they are (local stacks, tests). */
  secretHex: string;
  /** Production: a key must be set, and a stored key that is not sealed is refused rather than used. */
  production: boolean;
}

/**
 * Seals private keys before they are stored, with AES-256-GCM under a deployment key, so that a copy
 * of the database alone does not sign for anyone (docs/uma.md, docs/api.md#webhook-signatures). Without a deployment key (local
 * stacks) keys are stored as they are; a sealed key is then unreadable, which fails loudly rather than
 * signing with nothing. In production both the missing key and a plaintext stored key are refused: a
 * plaintext row there means someone wrote it around the application.
 */
export class KeySealer {
  private readonly key: Buffer | undefined;
  private readonly setting: string;
  private readonly production: boolean;

  constructor({ setting, secretHex, production }: KeySealerOptions) {
    if (secretHex && !/^[0-9a-fA-F]{64}$/.test(secretHex))
      throw new Error(`${setting} must be 64 hex digits`);
    if (production && !secretHex) throw new Error(`${setting} is required in production`);
    this.key = secretHex ? Buffer.from(secretHex, 'hex') : undefined;
    this.setting = setting;
    this.production = production;
  }

  /**
   * The sealer of one setting as an app's configuration holds it; production is NODE_ENV's word. The
   * setting names the key in errors, so the operator knows which variable to set.
   */
  static fromConfig<TSetting extends string>(
    setting: TSetting,
    config: { get(name: TSetting | 'NODE_ENV', options: { infer: true }): string },
  ): KeySealer {
    return new KeySealer({
      setting,
      secretHex: config.get(setting, { infer: true }),
      production: config.get('NODE_ENV', { infer: true }) === 'production',
    });
  }

  /** `aes-256-gcm:<iv>:<tag>:<ciphertext>` (hex) of a private key given as hex; the hex itself without a key. */
  seal(privateKeyHex: string): string {
    if (!this.key) return privateKeyHex;
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(privateKeyHex, 'hex'), cipher.final()]);
    return `${SEALED}${iv.toString('hex')}:${cipher.getAuthTag().toString('hex')}:${sealed.toString('hex')}`;
  }

  open(stored: string): Buffer {
    if (!stored.startsWith(SEALED)) {
      if (this.production)
        throw new Error(`A stored private key is not sealed with ${this.setting}; refused in production`);
      return Buffer.from(stored, 'hex');
    }
    if (!this.key) throw new Error(`A private key is sealed, and ${this.setting} is not set`);
    const [iv, tag, sealed] = stored.slice(SEALED.length).split(':');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'hex'));
    decipher.setAuthTag(Buffer.from(tag, 'hex'));
    return Buffer.concat([decipher.update(Buffer.from(sealed, 'hex')), decipher.final()]);
  }
}
