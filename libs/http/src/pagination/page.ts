import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { ApiException } from '../errors/api.exception';

export class PageQueryDto {
  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 20, description: 'Page size' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number;
  @ApiPropertyOptional({ description: "Opaque cursor from a previous page's nextCursor" })
  @IsOptional()
  @IsString()
  cursor?: string;
}

export class SortedPageQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: ['asc', 'desc'], default: 'desc' })
  @IsOptional()
  @IsIn(['asc', 'desc'])
  sortOrder?: 'asc' | 'desc';
}

export interface Page<T> {
  data: T[];
  hasMore: boolean;
  nextCursor?: string;
  totalCount: number;
}

export const DEFAULT_PAGE_SIZE = 20;

// The query that fills a page from a table is `paginate` in the persistence lib.

const MAX_BIGINT = 2n ** 63n - 1n;

export function encodeCursor(seq: string): string {
  return Buffer.from(JSON.stringify({ seq }), 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): string {
  return decoded(cursor, ({ seq }) => (isBigint(seq) ? seq : undefined));
}

/**
 * The cursor of a page in creation order (a list bounded by creation time): the last row's
 * createdAt in microseconds since the epoch, which a Date cannot hold, and its seq.
 */
export function encodeTimedCursor(at: string, seq: string): string {
  return Buffer.from(JSON.stringify({ at, seq }), 'utf8').toString('base64url');
}

export function decodeTimedCursor(cursor: string): { at: string; seq: string } {
  return decoded(cursor, ({ at, seq }) => (isBigint(at) && isBigint(seq) ? { at, seq } : undefined));
}

function decoded<T>(cursor: string, read: (fields: Record<string, unknown>) => T | undefined): T {
  try {
    const value = read(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    if (value !== undefined) return value;
  } catch {
    // fall through to the client error below
  }
  throw ApiException.invalidInput([
    {
      field: 'cursor',
      message: 'is not a cursor this service issued: pass the nextCursor of the previous page unchanged',
    },
  ]);
}

/** A non-negative bigint as text: what a cursor's numbers are, bounded so Postgres takes them. */
function isBigint(value: unknown): value is string {
  return typeof value === 'string' && /^\d{1,19}$/.test(value) && BigInt(value) <= MAX_BIGINT;
}
