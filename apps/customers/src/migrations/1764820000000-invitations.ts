import { MigrationInterface, QueryRunner } from 'typeorm';

export class Invitations1764820000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    // EXPIRED is not stored: a PENDING invitation past expires_at shows as EXPIRED, with no sweep to run.
    await queryRunner.query(`
      CREATE TABLE invitations (
        id uuid PRIMARY KEY,
        code text NOT NULL CONSTRAINT invitations_code_key UNIQUE,
        platform_id uuid NOT NULL REFERENCES platforms (id),
        environment text NOT NULL CHECK (environment IN ('SANDBOX', 'PRODUCTION')),
        inviter_customer_id uuid NOT NULL REFERENCES customers (id),
        inviter_uma text NOT NULL,
        first_name text,
        amount_to_send bigint CHECK (amount_to_send > 0),
        currency text,
        status text NOT NULL CHECK (status IN ('PENDING', 'CLAIMED', 'CANCELLED')),
        invitee_uma text,
        expires_at timestamptz,
        claimed_at timestamptz,
        cancelled_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((amount_to_send IS NULL) = (currency IS NULL)),
        CHECK ((status = 'CLAIMED') = (invitee_uma IS NOT NULL AND claimed_at IS NOT NULL)),
        CHECK ((status = 'CANCELLED') = (cancelled_at IS NOT NULL))
      )`);
  }

  async down(): Promise<void> {
    throw new Error('Migrations are forward-only');
  }
}
