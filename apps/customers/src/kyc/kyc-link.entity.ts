import { Environment } from '@payments/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A hosted KYC page handed out by GET /customers/kyc-link: used once, to create one customer. */
@Entity({ name: 'kyc_links' })
export class KycLink {
  @PrimaryColumn('uuid')
  id: string;

  /** SHA-256 of the link's token; the token itself is only in the URL given to the platform. */
  @Column('bytea', { name: 'token_hash' })
  tokenHash: Buffer;

  @Column('uuid', { name: 'platform_id' })
  platformId: string;

  @Column('text')
  environment: Environment;

  @Column('text', { name: 'platform_customer_id' })
  platformCustomerId: string;

  /** Where the end customer is sent once the page is submitted; without it the page thanks them. */
  @Column('text', { name: 'redirect_uri', nullable: true })
  redirectUri: string | null;

  @Column('timestamptz', { name: 'expires_at' })
  expiresAt: Date;

  @Column('timestamptz', { name: 'used_at', nullable: true })
  usedAt: Date | null;

  /** The customer the submitted page created. */
  @Column('uuid', { name: 'customer_id', nullable: true })
  customerId: string | null;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt: Date;
}
