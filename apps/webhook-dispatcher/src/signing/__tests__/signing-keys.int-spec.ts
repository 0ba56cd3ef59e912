import { ConfigService } from '@nestjs/config';
import { Environment, EventScope } from '@payments/contracts';
import { MigratedDatabase, verifySignature } from '@payments/testing';
import { randomBytes, randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { WEBHOOKS_SCHEMA } from '@webhooks/database';
import { SigningKeyStore } from '@webhooks/signing/signing-key.store';
import { NEXT_SIGNATURE_HEADER, SIGNATURE_HEADER, WebhookSigner } from '@webhooks/signing/webhook-signer';
import { WebhookDispatcherEnvironment } from '@webhooks/webhook-dispatcher.environment';

jest.setTimeout(30_000);

const BODY = '{"webhookId":"Webhook:1","type":"INCOMING_PAYMENT","timestamp":"2025-10-13T10:00:00.000Z"}';
const newPlatform = () => randomUUID();
const sandboxOf = (platformId: string): EventScope => ({ platformId, environment: Environment.Sandbox });
const productionOf = (platformId: string): EventScope => ({
  platformId,
  environment: Environment.Production,
});

function configOf(settings: Partial<WebhookDispatcherEnvironment>) {
  return new ConfigService<WebhookDispatcherEnvironment, true>({
    ...new WebhookDispatcherEnvironment(),
    ...settings,
  });
}

describe('webhook signing keys per platform and environment (PostgreSQL)', () => {
  const encryptionKey = randomBytes(32).toString('hex');
  let database: MigratedDatabase;
  let dataSource: DataSource;
  let store: SigningKeyStore;
  let signer: WebhookSigner;

  beforeAll(async () => {
    database = await MigratedDatabase.create(WEBHOOKS_SCHEMA);
    dataSource = database.dataSource;
    store = new SigningKeyStore(dataSource, configOf({ WEBHOOK_KEY_ENCRYPTION_KEY: encryptionKey }));
    signer = new WebhookSigner(store);
  });

  afterAll(async () => {
    await database?.drop();
  });

  /** Whether a delivery received as `body` with `headers` verifies with the key GET /config shows `scope`. */
  async function verifiesFor(
    scope: EventScope,
    body: string,
    signature: string | undefined,
  ): Promise<boolean> {
    const keys = await store.keysOf(scope);
    return verifySignature(body, signature, keys.current.publicKeyPem);
  }

  it('attack: a webhook signed for platform A does not verify with B’s key, nor A’s sandbox one with A’s production key', async () => {
    const a = newPlatform();
    const b = newPlatform();
    const signed = await signer.signAttempt(sandboxOf(a), BODY);

    expect(await verifiesFor(sandboxOf(a), signed.body, signed.headers[SIGNATURE_HEADER])).toBe(true);
    expect(await verifiesFor(sandboxOf(b), signed.body, signed.headers[SIGNATURE_HEADER])).toBe(false);
    expect(await verifiesFor(productionOf(a), signed.body, signed.headers[SIGNATURE_HEADER])).toBe(false);
    const keys = await Promise.all(
      [sandboxOf(a), productionOf(a), sandboxOf(b)].map((scope) => store.keysOf(scope)),
    );
    expect(new Set(keys.map((key) => key.current.publicKeyPem)).size).toBe(3);
    // The body names whose and which environment's webhook it is, so a receiver can check both too.
    expect(JSON.parse(signed.body)).toMatchObject({ platformId: `Platform:${a}`, environment: 'SANDBOX' });
  });

  it('signs a delivery that names its platform by API id with the key shown for the bare uuid', async () => {
    const platformId = newPlatform();
    const signed = await signer.signAttempt(sandboxOf(`Platform:${platformId}`), BODY);

    expect(await verifiesFor(sandboxOf(platformId), signed.body, signed.headers[SIGNATURE_HEADER])).toBe(
      true,
    );
  });

  it('attack: a retried attempt carries a newer sentAt and a fresh signature of its own body', async () => {
    const scope = sandboxOf(newPlatform());
    const first = await signer.signAttempt(scope, BODY, new Date('2026-01-01T10:00:00Z'));
    const retry = await signer.signAttempt(scope, BODY, new Date('2026-01-01T10:05:00Z'));

    expect(JSON.parse(first.body).sentAt).toBe('2026-01-01T10:00:00.000Z');
    expect(JSON.parse(retry.body).sentAt).toBe('2026-01-01T10:05:00.000Z');
    expect(JSON.parse(retry.body)).toMatchObject(JSON.parse(BODY));
    expect(await verifiesFor(scope, retry.body, retry.headers[SIGNATURE_HEADER])).toBe(true);
    // The first attempt's signature does not cover the retry's body: a stale copy cannot be re-dated.
    expect(await verifiesFor(scope, retry.body, first.headers[SIGNATURE_HEADER])).toBe(false);
  });

  it('makes one key per scope however many replicas ask first at once, and stores it sealed', async () => {
    const scope = sandboxOf(newPlatform());
    const keys = await Promise.all(Array.from({ length: 5 }, () => store.keysOf(scope)));

    expect(new Set(keys.map((key) => key.current.keyId)).size).toBe(1);
    const rows = await dataSource.query(
      `SELECT private_key FROM platform_signing_keys WHERE platform_id = $1`,
      [scope.platformId],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].private_key).toMatch(/^aes-256-gcm:/);
  });

  it('attack: a plaintext key written into the table is refused in production', async () => {
    const scope = productionOf(newPlatform());
    const local = new SigningKeyStore(dataSource, configOf({ WEBHOOK_KEY_ENCRYPTION_KEY: '' }));
    await local.keysOf(scope);
    const production = new SigningKeyStore(
      dataSource,
      configOf({ NODE_ENV: 'production', WEBHOOK_KEY_ENCRYPTION_KEY: encryptionKey }),
    );

    await expect(production.keysOf(scope)).rejects.toThrow('not sealed with WEBHOOK_KEY_ENCRYPTION_KEY');
    expect(() => new SigningKeyStore(dataSource, configOf({ NODE_ENV: 'production' }))).toThrow(
      'WEBHOOK_KEY_ENCRYPTION_KEY is required in production',
    );
  });

  it('after a rotation both keys verify during the overlap, and the old one stops after it', async () => {
    const scope = sandboxOf(newPlatform());
    const old = await store.keysOf(scope);
    const rotated = await store.rotate(scope, false);
    signer.forget(scope);

    expect(rotated.current.keyId).toBe(old.current.keyId);
    expect(rotated.next?.publicKeyPem).not.toBe(old.current.publicKeyPem);
    expect(rotated.overlapEndsAt!.getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    const during = await signer.signAttempt(scope, BODY);
    expect(verifySignature(during.body, during.headers[SIGNATURE_HEADER], old.current.publicKeyPem)).toBe(
      true,
    );
    expect(
      verifySignature(during.body, during.headers[NEXT_SIGNATURE_HEADER], rotated.next!.publicKeyPem),
    ).toBe(true);
    await expect(store.rotate(scope, false)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringMatching(
        `overlap ending at ${rotated.overlapEndsAt!.toISOString()} .*: rotate again after that, or now with \\{"immediate": true\\}`,
      ),
      details: { overlapEndsAt: rotated.overlapEndsAt!.toISOString() },
    });

    await dataSource.query(
      `UPDATE platform_signing_keys SET retire_after = now() - interval '1 second' WHERE key_id = $1`,
      [old.current.keyId],
    );
    const after = await store.keysOf(scope);
    signer.forget(scope);
    const signed = await signer.signAttempt(scope, BODY);

    expect(after.current.keyId).toBe(rotated.next!.keyId);
    expect(after.next).toBeUndefined();
    expect(signed.headers[NEXT_SIGNATURE_HEADER]).toBeUndefined();
    expect(verifySignature(signed.body, signed.headers[SIGNATURE_HEADER], rotated.next!.publicKeyPem)).toBe(
      true,
    );
    expect(verifySignature(signed.body, signed.headers[SIGNATURE_HEADER], old.current.publicKeyPem)).toBe(
      false,
    );
    const [retired] = await dataSource.query(
      `SELECT status, private_key FROM platform_signing_keys WHERE key_id = $1`,
      [old.current.keyId],
    );
    expect(retired).toEqual({ status: 'retired', private_key: null });
  });

  it('an immediate rotation (a compromised key) retires the old key and any next one at once', async () => {
    const scope = sandboxOf(newPlatform());
    const old = await store.keysOf(scope);
    const pending = await store.rotate(scope, false);
    const rotated = await store.rotate(scope, true);
    signer.forget(scope);
    const signed = await signer.signAttempt(scope, BODY);

    expect(rotated.next).toBeUndefined();
    expect([old.current.keyId, pending.next!.keyId]).not.toContain(rotated.current.keyId);
    expect(signed.headers[NEXT_SIGNATURE_HEADER]).toBeUndefined();
    for (const publicKeyPem of [old.current.publicKeyPem, pending.next!.publicKeyPem])
      expect(verifySignature(signed.body, signed.headers[SIGNATURE_HEADER], publicKeyPem)).toBe(false);
    expect(verifySignature(signed.body, signed.headers[SIGNATURE_HEADER], rotated.current.publicKeyPem)).toBe(
      true,
    );
  });

  it('concurrent rotations of one scope leave one next key, the other refused', async () => {
    const scope = sandboxOf(newPlatform());
    await store.keysOf(scope);
    const outcomes = await Promise.allSettled([store.rotate(scope, false), store.rotate(scope, false)]);

    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    const [{ count }] = await dataSource.query(
      `SELECT count(*)::int AS count FROM platform_signing_keys WHERE platform_id = $1 AND status = 'next'`,
      [scope.platformId],
    );
    expect(count).toBe(1);
  });
});
