import { Environment } from '@payments/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A bank-link session of one customer: issued by POST /plaid/link-tokens, exchanged once at the callback. */
@Entity({ name: 'link_tokens' })
export class LinkToken {
  /** `link-<environment>-<uuid>`, the form the link provider's tokens take. */
  @PrimaryColumn('text')
  token: string;

  @Column('uuid', { name: 'platform_id' })
  platformId: string;

  @Column('text')
  environment: Environment;

  @Column('uuid', { name: 'customer_id' })
  customerId: string;

  @Column('timestamptz', { name: 'expires_at' })
  expiresAt: Date;

  /** The account the callback created; set means the token is used. */
  @Column('uuid', { name: 'external_account_id', nullable: true })
  externalAccountId: string | null;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt: Date;
}
