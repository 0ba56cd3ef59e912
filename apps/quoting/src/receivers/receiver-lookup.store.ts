import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { PlatformScope } from '@payments/http';
import { DataSource } from 'typeorm';
import { QuotingEnvironment } from '@quoting/quoting.environment';
import { PayerDataField, ReceivableCurrency } from '@quoting/uma/uma-counterparty';

/** A stored lookup: the receiver (a UMA address or an external account) and what it accepts. */
export interface ReceiverLookup extends PlatformScope {
  id: string;
  receiverUmaAddress: string | null;
  accountId: string | null;
  senderCustomerId: string | null;
  senderUmaAddress: string | null;
  currencies: ReceivableCurrency[];
  requiredPayerData: PayerDataField[];
  counterpartyState: Record<string, unknown>;
  expiresAt: Date;
}

export type NewReceiverLookup = Omit<ReceiverLookup, 'expiresAt'>;

const COLUMNS = `id, platform_id AS "platformId", environment, receiver_uma_address AS "receiverUmaAddress",
  account_id AS "accountId", sender_customer_id AS "senderCustomerId", sender_uma_address AS "senderUmaAddress",
  currencies, required_payer_data AS "requiredPayerData", counterparty_state AS "counterpartyState",
  expires_at AS "expiresAt"`;

/**
 * Lookups live as long as a quote (QUOTE_TTL_SECONDS): a quote must be made before its lookup
 * expires. The row is kept a day longer (purged then, retention.ts), since executing the quote (and
 * recovering that execution) reads the counterparty's state from it.
 */
@Injectable()
export class ReceiverLookupStore {
  private readonly ttlSeconds: number;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    config: ConfigService<QuotingEnvironment, true>,
  ) {
    this.ttlSeconds = config.get('QUOTE_TTL_SECONDS', { infer: true });
  }

  async insert(lookup: NewReceiverLookup): Promise<ReceiverLookup> {
    const [row] = await this.dataSource.query(
      `INSERT INTO receiver_lookups (id, platform_id, environment, receiver_uma_address, account_id,
         sender_customer_id, sender_uma_address, currencies, required_payer_data, counterparty_state, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, now() + $11 * interval '1 second')
       RETURNING ${COLUMNS}`,
      [
        lookup.id,
        lookup.platformId,
        lookup.environment,
        lookup.receiverUmaAddress,
        lookup.accountId,
        lookup.senderCustomerId,
        lookup.senderUmaAddress,
        JSON.stringify(lookup.currencies),
        JSON.stringify(lookup.requiredPayerData),
        JSON.stringify(lookup.counterpartyState),
        this.ttlSeconds,
      ],
    );
    return row;
  }

  /** The caller's lookup, expired or not (the caller decides); undefined for another scope's or an unknown one. */
  async find(scope: PlatformScope, id: string): Promise<(ReceiverLookup & { expired: boolean }) | undefined> {
    const [row] = await this.dataSource.query(
      `SELECT ${COLUMNS}, expires_at <= now() AS expired FROM receiver_lookups WHERE id = $1`,
      [id],
    );
    return row?.platformId === scope.platformId && row.environment === scope.environment ? row : undefined;
  }
}
