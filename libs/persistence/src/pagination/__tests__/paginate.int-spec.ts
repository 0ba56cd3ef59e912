import { ApiException, decodeCursor, encodeCursor } from '@payments/http';
import { MigratedDatabase } from '@payments/testing';
import { Column, DataSource, Entity, MigrationInterface, PrimaryColumn, QueryRunner } from 'typeorm';
import { paginate } from '../paginate';
import { createMessagingTables } from '../../migrations/messaging-tables';

jest.setTimeout(30_000);

@Entity({ name: 'notes' })
class Note {
  @PrimaryColumn('text') id: string;
  @Column({ type: 'bigint', insert: false, update: false }) seq: string;
  @Column('text') owner: string;
  @Column('timestamptz', { name: 'created_at' }) createdAt: Date;
}

class CreateNotes1700000000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    // As every app schema's first migration: the shared migrations alter these tables.
    await createMessagingTables(queryRunner);
    await queryRunner.query(
      `CREATE TABLE notes (id text PRIMARY KEY, seq bigserial NOT NULL, owner text NOT NULL,
         created_at timestamptz NOT NULL DEFAULT now())`,
    );
  }

  async down(): Promise<void> {}
}

const NOTES_SCHEMA = { schema: 'notes', entities: [Note], migrations: [CreateNotes1700000000000] };

describe('paginate (PostgreSQL)', () => {
  let database: MigratedDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    database = await MigratedDatabase.create(NOTES_SCHEMA);
    dataSource = database.dataSource;
    // Inserted one by one, so that seq follows the ids.
    for (const id of ['n1', 'n2', 'n3', 'n4', 'n5'])
      await dataSource.query(`INSERT INTO notes (id, owner) VALUES ($1, 'ada')`, [id]);
    await dataSource.query(`INSERT INTO notes (id, owner) VALUES ('other', 'bob')`);
  });

  afterAll(async () => {
    await database?.drop();
  });

  const adaNotes = () =>
    dataSource.getRepository(Note).createQueryBuilder('note').where('note.owner = :owner', { owner: 'ada' });
  const ids = (page: { data: string[] }) => page.data;

  it('walks the rows newest first by default, each page starting after the cursor of the one before', async () => {
    const first = await paginate(adaNotes(), { limit: 2 }, (note) => note.id);
    const second = await paginate(adaNotes(), { limit: 2, cursor: first.nextCursor }, (note) => note.id);
    const last = await paginate(adaNotes(), { limit: 2, cursor: second.nextCursor }, (note) => note.id);

    expect([ids(first), ids(second), ids(last)]).toEqual([['n5', 'n4'], ['n3', 'n2'], ['n1']]);
    expect([first.hasMore, second.hasMore, last.hasMore]).toEqual([true, true, false]);
    expect(last).not.toHaveProperty('nextCursor');
    expect([first.totalCount, last.totalCount]).toEqual([5, 5]);
  });

  it('walks them oldest first when asked', async () => {
    const first = await paginate(adaNotes(), { limit: 3, sortOrder: 'asc' }, (note) => note.id);
    expect(decodeCursor(first.nextCursor!)).toEqual(expect.stringMatching(/^\d+$/));

    const second = await paginate(
      adaNotes(),
      { limit: 3, sortOrder: 'asc', cursor: first.nextCursor },
      (note) => note.id,
    );

    expect([ids(first), ids(second)]).toEqual([
      ['n1', 'n2', 'n3'],
      ['n4', 'n5'],
    ]);
    expect(second.hasMore).toBe(false);
  });

  it('answers an empty page after the last row', async () => {
    const [{ seq }] = await dataSource.query(`SELECT max(seq)::text AS seq FROM notes WHERE owner = 'ada'`);

    const page = await paginate(
      adaNotes(),
      { sortOrder: 'asc', cursor: encodeCursor(seq) },
      (note) => note.id,
    );

    expect(page).toEqual({ data: [], hasMore: false, totalCount: 5 });
  });

  // What OFFSET gets wrong: a row inserted before the next call would push n4 onto the second page again.
  it('neither repeats nor skips a row when another is inserted between two pages', async () => {
    const first = await paginate(adaNotes(), { limit: 2 }, (note) => note.id);
    await dataSource.query(`INSERT INTO notes (id, owner) VALUES ('n6', 'ada')`);

    const second = await paginate(adaNotes(), { limit: 2, cursor: first.nextCursor }, (note) => note.id);

    expect([ids(first), ids(second)]).toEqual([
      ['n5', 'n4'],
      ['n3', 'n2'],
    ]);
  });

  describe('in creation order', () => {
    /** t1 … t5 of cy: t2 and t3 created in one statement (one createdAt), t5 inserted before t4. */
    beforeAll(async () => {
      await dataSource.query(
        `INSERT INTO notes (id, owner, created_at) VALUES
           ('t1', 'cy', '2025-10-01T00:00:00.000001Z'),
           ('t2', 'cy', '2025-10-02T00:00:00.000002Z'), ('t3', 'cy', '2025-10-02T00:00:00.000002Z')`,
      );
      await dataSource.query(
        `INSERT INTO notes (id, owner, created_at) VALUES ('t5', 'cy', '2025-10-05T00:00:00Z')`,
      );
      await dataSource.query(
        `INSERT INTO notes (id, owner, created_at) VALUES ('t4', 'cy', '2025-10-04T00:00:00Z')`,
      );
    });

    const cyNotes = () =>
      dataSource.getRepository(Note).createQueryBuilder('note').where("note.owner = 'cy'");
    const walk = async (sortOrder: 'asc' | 'desc') => {
      const pages: string[][] = [];
      let cursor: string | undefined;
      do {
        const page = await paginate(cyNotes(), { limit: 2, sortOrder, cursor }, (note) => note.id, {
          inCreationOrder: true,
        });
        pages.push(ids(page));
        cursor = page.nextCursor;
      } while (cursor);
      return pages;
    };

    it('walks the rows by createdAt to the microsecond, then seq, either way, each row once', async () => {
      expect(await walk('desc')).toEqual([['t5', 't4'], ['t3', 't2'], ['t1']]);
      expect(await walk('asc')).toEqual([['t1', 't2'], ['t3', 't4'], ['t5']]);
    });

    it("refuses with 400 a cursor of the seq order, which is not this page's", async () => {
      await expect(
        paginate(cyNotes(), { cursor: encodeCursor('1') }, (note) => note.id, { inCreationOrder: true }),
      ).rejects.toBeInstanceOf(ApiException);
    });
  });
});
