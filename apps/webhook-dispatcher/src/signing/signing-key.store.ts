import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { EventScope, uuidOf } from '@payments/contracts';
import { ApiException } from '@payments/http';
import { KeySealer } from '@payments/runtime';
import { createPrivateKey, generateKeyPairSync, KeyObject, randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { WebhookDispatcherEnvironment } from '@webhooks/webhook-dispatcher.environment';

export interface SigningKey {
  keyId: string;
  privateKey: KeyObject;
  publicKeyPem: string;
}

/** A scope's keys now: `current` signs X-Grid-Signature; `next`, during a rotation's overlap, X-Grid-Signature-Next. */
export interface ScopeKeys {
  current: SigningKey;
  next?: SigningKey;
  /** When `next` replaces `current` (only with `next`). */
  overlapEndsAt?: Date;
}

/**
 * The scope as the table keys it, by the platform's bare uuid: events name a platform by its API id
 * (`Platform:<uuid>`), callers and the customers app by the bare uuid, and both must find one key.
 */
export function keyScopeOf(scope: EventScope): EventScope {
  return {
    platformId: uuidOf('Platform', scope.platformId) ?? scope.platformId,
    environment: scope.environment,
  };
}

/** 409 for a second rotation during an overlap, naming when the overlap ends. */
function rotationUnderWay(rows: KeyRow[]): ApiException {
  const endsAt = rows.find((row) => row.status === 'current')?.retire_after;
  const until = endsAt ? new Date(endsAt).toISOString() : undefined;
  return new ApiException(
    'CONFLICT',
    `A rotation is already under way, its overlap ending ${until ? `at ${until}` : 'shortly'} (webhookKeyOverlapEndsAt in GET /config): rotate again after that, or now with {"immediate": true} to retire the current key at once`,
    until ? { overlapEndsAt: until } : undefined,
  );
}

interface KeyRow {
  key_id: string;
  status: 'current' | 'next';
  private_key: string;
  public_key_pem: string;
  retire_after: Date | null;
}

/**
 * The webhook signing keys of each platform and environment (table platform_signing_keys): ECDSA
 * P-256, made at first need, private halves sealed with WEBHOOK_KEY_ENCRYPTION_KEY. Replicas that
 * make a scope's first key at once keep the one stored first; an overlap that has ended is settled by
 * whichever read comes first (docs/api.md#webhook-signatures).
 */
@Injectable()
export class SigningKeyStore {
  private readonly sealer: KeySealer;
  private readonly overlapHours: number;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    config: ConfigService<WebhookDispatcherEnvironment, true>,
  ) {
    this.sealer = KeySealer.fromConfig('WEBHOOK_KEY_ENCRYPTION_KEY', config);
    this.overlapHours = config.get('WEBHOOK_KEY_ROTATION_OVERLAP_HOURS', { infer: true });
  }

  async keysOf(eventScope: EventScope): Promise<ScopeKeys> {
    const scope = keyScopeOf(eventScope);
    let rows = await this.rowsOf(this.dataSource.manager, scope);
    const current = rows.find((row) => row.status === 'current');
    if (!current) {
      await this.insert(this.dataSource.manager, scope, 'current');
      rows = await this.rowsOf(this.dataSource.manager, scope);
    } else if (current.retire_after && current.retire_after <= new Date()) {
      await this.endOverlap(scope);
      rows = await this.rowsOf(this.dataSource.manager, scope);
    }
    return this.toScopeKeys(rows);
  }

  /**
   * Makes a next key, published beside the current one for WEBHOOK_KEY_ROTATION_OVERLAP_HOURS; with
   * `immediate` (a compromised key) the current key and any next one are retired at once instead and
   * a fresh key alone signs from now on.
   */
  async rotate(eventScope: EventScope, immediate: boolean): Promise<ScopeKeys> {
    const scope = keyScopeOf(eventScope);
    await this.keysOf(scope);
    await this.dataSource.transaction(async (manager) => {
      // Locks the scope's keys, so that concurrent rotations of one scope go one after the other; then
      // reads them afresh, since the locking statement's snapshot predates a next key made meanwhile.
      await this.rowsOf(manager, scope, true);
      const rows = await this.rowsOf(manager, scope);
      if (immediate) {
        await manager.query(
          `UPDATE platform_signing_keys SET status = 'retired', private_key = NULL, retire_after = now()
            WHERE platform_id = $1 AND environment = $2 AND status IN ('current', 'next')`,
          [scope.platformId, scope.environment],
        );
        await this.insert(manager, scope, 'current');
        return;
      }
      if (rows.some((row) => row.status === 'next')) throw rotationUnderWay(rows);
      await manager.query(
        `UPDATE platform_signing_keys SET retire_after = now() + make_interval(hours => $3)
          WHERE platform_id = $1 AND environment = $2 AND status = 'current'`,
        [scope.platformId, scope.environment, this.overlapHours],
      );
      await this.insert(manager, scope, 'next');
    });
    return this.toScopeKeys(await this.rowsOf(this.dataSource.manager, scope));
  }

  /** Retires the current key and promotes the next; a replica that comes second finds nothing to retire. */
  private endOverlap(scope: EventScope): Promise<void> {
    return this.dataSource.transaction(async (manager) => {
      const [retired] = await manager.query(
        `UPDATE platform_signing_keys SET status = 'retired', private_key = NULL
          WHERE platform_id = $1 AND environment = $2 AND status = 'current' AND retire_after <= now()
          RETURNING key_id`,
        [scope.platformId, scope.environment],
      );
      if (retired.length === 0) return;
      await manager.query(
        `UPDATE platform_signing_keys SET status = 'current'
          WHERE platform_id = $1 AND environment = $2 AND status = 'next'`,
        [scope.platformId, scope.environment],
      );
    });
  }

  /** A key of `status` unless the scope has one already (the partial unique indexes). */
  private async insert(manager: EntityManager, scope: EventScope, status: 'current' | 'next'): Promise<void> {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const privateKeyHex = privateKey.export({ type: 'pkcs8', format: 'der' }).toString('hex');
    await manager.query(
      `INSERT INTO platform_signing_keys (platform_id, environment, key_id, status, private_key, public_key_pem)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (platform_id, environment) WHERE status = '${status}' DO NOTHING`,
      [
        scope.platformId,
        scope.environment,
        randomUUID(),
        status,
        this.sealer.seal(privateKeyHex),
        publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      ],
    );
  }

  private rowsOf(manager: EntityManager, scope: EventScope, lock = false): Promise<KeyRow[]> {
    return manager.query(
      `SELECT key_id, status, private_key, public_key_pem, retire_after FROM platform_signing_keys
        WHERE platform_id = $1 AND environment = $2 AND status IN ('current', 'next')
        ${lock ? 'FOR UPDATE' : ''}`,
      [scope.platformId, scope.environment],
    );
  }

  private toScopeKeys(rows: KeyRow[]): ScopeKeys {
    const current = rows.find((row) => row.status === 'current');
    const next = rows.find((row) => row.status === 'next');
    if (!current) throw new Error('a scope without a current signing key');
    return {
      current: this.toKey(current),
      ...(next ? { next: this.toKey(next), overlapEndsAt: current.retire_after ?? undefined } : {}),
    };
  }

  private toKey(row: KeyRow): SigningKey {
    const der = this.sealer.open(row.private_key);
    const privateKey = createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
    return { keyId: row.key_id, privateKey, publicKeyPem: row.public_key_pem };
  }
}
