import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const SEALED = 'aes-256-gcm:';
const IV_BYTES = 12;

/**
 * Seals the platforms' private UMA keys before they are stored, with AES-256-GCM under
 * UMA_KEY_ENCRYPTION_KEY, so that a copy of the database alone does not sign for them. Without that
 * setting keys are stored as they are (local stacks, tests); a sealed key is then unreadable, which
 * fails loudly rather than signing with nothing.
 */
export class KeySealer {
  private readonly key: Buffer | undefined;

  constructor(secretHex: string) {
    this.key = secretHex ? Buffer.from(secretHex, 'hex') : undefined;
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
    if (!stored.startsWith(SEALED)) return Buffer.from(stored, 'hex');
    if (!this.key) throw new Error('A UMA private key is sealed, and UMA_KEY_ENCRYPTION_KEY is not set');
    const [iv, tag, sealed] = stored.slice(SEALED.length).split(':');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'hex'));
    decipher.setAuthTag(Buffer.from(tag, 'hex'));
    return Buffer.concat([decipher.update(Buffer.from(sealed, 'hex')), decipher.final()]);
  }
}
