import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'inbox' })
export class InboxMessage {
  @PrimaryColumn('text')
  consumer: string;

  @PrimaryColumn('uuid', { name: 'event_id' })
  eventId: string;

  @Column('timestamptz', { name: 'processed_at', default: () => 'now()' })
  processedAt: Date;
}
