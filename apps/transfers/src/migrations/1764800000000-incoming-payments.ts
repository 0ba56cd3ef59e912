import { addParkingColumns } from '@payments/persistence';
import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Incoming UMA payments: a transaction may come from a UMA address (with what the sender told about
 * itself), and one awaiting its platform's approval has a row in `incoming_approvals` until it is
 * decided. That table is the approval deadline's work queue: the partial index holds only the
 * undecided rows that are not parked, so the deadline worker's claims stay small.
 */
export class IncomingPayments1764800000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE transactions
        DROP CONSTRAINT transactions_source_type_check,
        ADD CONSTRAINT transactions_source_type_check CHECK (source_type IN ('ACCOUNT', 'REALTIME_FUNDING', 'UMA_ADDRESS')),
        ADD COLUMN source_uma_address text,
        ADD COLUMN counterparty_information jsonb,
        ADD CONSTRAINT transactions_source_uma_address_check
          CHECK ((source_type = 'UMA_ADDRESS') = (source_uma_address IS NOT NULL))`);
    await queryRunner.query(`
      CREATE TABLE incoming_approvals (
        transaction_id uuid PRIMARY KEY REFERENCES transactions (id),
        status text NOT NULL CHECK (status IN ('WAITING', 'ACKNOWLEDGED', 'DECIDED')),
        requested_fields jsonb NOT NULL,
        deadline_at timestamptz NOT NULL,
        receiver_customer_info jsonb,
        decision_reason text,
        decided_at timestamptz
      )`);
    await addParkingColumns(queryRunner, 'incoming_approvals');
    await queryRunner.query(
      `CREATE INDEX incoming_approvals_due ON incoming_approvals (deadline_at) WHERE status <> 'DECIDED' AND parked_at IS NULL`,
    );
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only');
  }
}
