import {
  decodeCursor,
  decodeTimedCursor,
  DEFAULT_PAGE_SIZE,
  encodeCursor,
  encodeTimedCursor,
  Page,
  PageQueryDto,
} from '@payments/http';
import { ObjectLiteral, SelectQueryBuilder } from 'typeorm';

export interface PageOptions {
  /** Where the list's count is kept with the writes (ListCounts); else the page counts its rows. */
  counted?: () => Promise<number>;
  /**
   * In creation order (createdAt, then seq) rather than by seq alone: for a list bounded by creation
   * time, whose index (scope, created_at, seq) then serves the bound and the order both, where the
   * seq order would walk every row outside the bound first.
   */
  inCreationOrder?: boolean;
}

type PageRow = ObjectLiteral & { seq: string };

/**
 * Keyset pagination on the table's monotonically increasing `seq` column: a page never repeats or
 * skips a row when others are inserted between two calls, unlike OFFSET. Here rather than in the
 * http lib, which holds the page's envelope and cursors and stays free of TypeORM.
 */
export async function paginate<TRow extends PageRow, TItem>(
  query: SelectQueryBuilder<TRow>,
  page: PageQueryDto & { sortOrder?: 'asc' | 'desc' },
  present: (row: TRow) => TItem,
  { counted, inCreationOrder = false }: PageOptions = {},
): Promise<Page<TItem>> {
  const limit = page.limit ?? DEFAULT_PAGE_SIZE;
  const direction = (page.sortOrder ?? 'desc') === 'desc' ? 'DESC' : 'ASC';
  const totalCount = counted ? await counted() : await countOf(query);
  const { rows, cursorOf } = inCreationOrder
    ? await inCreationOrderOf(query, page.cursor, direction, limit + 1)
    : await inSeqOrderOf(query, page.cursor, direction, limit + 1);
  const hasMore = rows.length > limit;
  return {
    data: rows.slice(0, limit).map(present),
    hasMore,
    ...(hasMore ? { nextCursor: cursorOf(limit - 1) } : {}),
    totalCount,
  };
}

interface Rows<TRow> {
  rows: TRow[];
  /** The cursor of the page that starts after the row at `index`. */
  cursorOf: (index: number) => string;
}

async function inSeqOrderOf<TRow extends PageRow>(
  query: SelectQueryBuilder<TRow>,
  cursor: string | undefined,
  direction: 'ASC' | 'DESC',
  take: number,
): Promise<Rows<TRow>> {
  const alias = query.alias;
  if (cursor) {
    query.andWhere(`${alias}.seq ${direction === 'DESC' ? '<' : '>'} :afterSeq`, {
      afterSeq: decodeCursor(cursor),
    });
  }
  const rows = await query.orderBy(`${alias}.seq`, direction).limit(take).getMany();
  return { rows, cursorOf: (index) => encodeCursor(rows[index].seq) };
}

async function inCreationOrderOf<TRow extends PageRow>(
  query: SelectQueryBuilder<TRow>,
  cursor: string | undefined,
  direction: 'ASC' | 'DESC',
  take: number,
): Promise<Rows<TRow>> {
  const alias = query.alias;
  if (cursor) {
    const after = decodeTimedCursor(cursor);
    query.andWhere(
      `(${alias}.createdAt, ${alias}.seq) ${direction === 'DESC' ? '<' : '>'}
       (timestamptz 'epoch' + CAST(:afterAt AS bigint) * interval '1 microsecond', CAST(:afterSeq AS bigint))`,
      { afterAt: after.at, afterSeq: after.seq },
    );
  }
  const { entities, raw } = await query
    .addSelect(`(extract(epoch from ${alias}.createdAt) * 1000000)::bigint::text`, 'page_created_at')
    .orderBy(`${alias}.createdAt`, direction)
    .addOrderBy(`${alias}.seq`, direction)
    .limit(take)
    .getRawAndEntities<{ page_created_at: string }>();
  return {
    rows: entities,
    cursorOf: (index) => encodeTimedCursor(raw[index].page_created_at, entities[index].seq),
  };
}

/**
 * COUNT(*) of the page's filter. TypeORM's getCount counts DISTINCT ids, a sort or hash of every
 * matching row's id; each row here is one entity, so the plain count is the same number.
 */
async function countOf<TRow extends ObjectLiteral>(query: SelectQueryBuilder<TRow>): Promise<number> {
  const counted = await query.clone().select('COUNT(*)', 'count').orderBy().getRawOne<{ count: string }>();
  return Number(counted?.count ?? 0);
}
