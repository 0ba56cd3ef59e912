import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A tenant of the service; created by the `ensure-platform` CLI, never through the API. */
@Entity({ name: 'platforms' })
export class Platform {
  @PrimaryColumn('uuid')
  id: string;

  @Column('text')
  name: string;

  /** DNS-safe and unique: the platform's default UMA domains are built from it. */
  @Column('text')
  slug: string;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt: Date;
}
