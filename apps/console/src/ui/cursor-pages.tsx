import { useState } from 'react';

/**
 * Keyset pages (docs/api.md#lists) go forward by the previous page's nextCursor only; going back
 * re-asks for a cursor already seen, so the stack of them is kept.
 */
export function useCursorPages() {
  const [cursors, setCursors] = useState<string[]>([]);
  return {
    cursor: cursors.at(-1),
    pageNumber: cursors.length + 1,
    next: (nextCursor: string) => setCursors((seen) => [...seen, nextCursor]),
    previous: () => setCursors((seen) => seen.slice(0, -1)),
    reset: () => setCursors([]),
  };
}

interface PagerProps {
  pages: ReturnType<typeof useCursorPages>;
  page: { hasMore: boolean; nextCursor?: string; totalCount?: number } | undefined;
}

export function Pager({ pages, page }: PagerProps) {
  return (
    <div className="pager">
      <button type="button" onClick={pages.previous} disabled={pages.pageNumber === 1}>
        Previous page
      </button>
      <span>
        Page {pages.pageNumber}
        {page?.totalCount !== undefined && ` · ${page.totalCount} in all`}
      </span>
      <button
        type="button"
        onClick={() => page?.nextCursor && pages.next(page.nextCursor)}
        disabled={!page?.hasMore || !page.nextCursor}
      >
        Next page
      </button>
    </div>
  );
}
