import { decodeCursor, DEFAULT_PAGE_SIZE, encodeCursor, Page, PageQueryDto } from '@payments/http';
import { ObjectLiteral, SelectQueryBuilder } from 'typeorm';

/**
 * Keyset pagination on the table's monotonically increasing `seq` column: a page never repeats or
 * skips a row when others are inserted between two calls, unlike OFFSET. Here rather than in the
 * http lib, which holds the page's envelope and cursors and stays free of TypeORM.
 */
export async function paginate<TRow extends ObjectLiteral & { seq: string }, TItem>(
  query: SelectQueryBuilder<TRow>,
  page: PageQueryDto & { sortOrder?: 'asc' | 'desc' },
  present: (row: TRow) => TItem,
  /** Where the list's count is kept with the writes (ListCounts); else the page counts its rows. */
  counted?: () => Promise<number>,
): Promise<Page<TItem>> {
  const limit = page.limit ?? DEFAULT_PAGE_SIZE;
  const descending = (page.sortOrder ?? 'desc') === 'desc';
  const alias = query.alias;
  const totalCount = counted ? await counted() : await countOf(query);
  if (page.cursor) {
    query.andWhere(`${alias}.seq ${descending ? '<' : '>'} :afterSeq`, {
      afterSeq: decodeCursor(page.cursor),
    });
  }
  const rows = await query
    .orderBy(`${alias}.seq`, descending ? 'DESC' : 'ASC')
    .limit(limit + 1)
    .getMany();
  const hasMore = rows.length > limit;
  const pageRows = hasMore ? rows.slice(0, limit) : rows;
  return {
    data: pageRows.map(present),
    hasMore,
    ...(hasMore ? { nextCursor: encodeCursor(pageRows[pageRows.length - 1].seq) } : {}),
    totalCount,
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
