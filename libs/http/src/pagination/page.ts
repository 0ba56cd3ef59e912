import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { ApiException } from '../errors/api.exception';

export class PageQueryDto {
  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 20, description: 'Page size' })
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(100) limit?: number;
  @ApiPropertyOptional({ description: "Opaque cursor from a previous page's nextCursor" })
  @IsOptional() @IsString() cursor?: string;
}

export class SortedPageQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: ['asc', 'desc'], default: 'desc' })
  @IsOptional() @IsIn(['asc', 'desc']) sortOrder?: 'asc' | 'desc';
}

export interface Page<T> {
  data: T[];
  hasMore: boolean;
  nextCursor?: string;
  totalCount: number;
}

export const DEFAULT_PAGE_SIZE = 20;

/**
 * Keyset pagination on the table's monotonically increasing `seq` column: a page never repeats or
 * skips a row when others are inserted between two calls, unlike OFFSET.
 */
export async function paginate<TRow extends ObjectLiteral & { seq: string }, TItem>(
  query: SelectQueryBuilder<TRow>,
  page: PageQueryDto & { sortOrder?: 'asc' | 'desc' },
  present: (row: TRow) => TItem,
): Promise<Page<TItem>> {
  const limit = page.limit ?? DEFAULT_PAGE_SIZE;
  const descending = (page.sortOrder ?? 'desc') === 'desc';
  const alias = query.alias;
  const totalCount = await query.clone().getCount();
  if (page.cursor) {
    query.andWhere(`${alias}.seq ${descending ? '<' : '>'} :afterSeq`, { afterSeq: decodeCursor(page.cursor) });
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

const MAX_BIGINT = 2n ** 63n - 1n;

export function encodeCursor(seq: string): string {
  return Buffer.from(JSON.stringify({ seq }), 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): string {
  try {
    const { seq } = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (typeof seq === 'string' && /^\d{1,19}$/.test(seq) && BigInt(seq) <= MAX_BIGINT) return seq;
  } catch {
    // fall through to the client error below
  }
  throw ApiException.invalidInput([{ field: 'cursor', message: 'is not a cursor this service issued' }]);
}
