// The search box and pager of a searchable, paged table (the file library, the recycle bin). The
// box holds what is typed; the keywords change when a search is asked for (Enter or the search
// button, trimmed) or the box is emptied, and either goes back to page 1. A new page size also
// starts again at page 1 (antd reports the page it computed for the old size).
import { useState, type ChangeEvent } from 'react';

export interface SearchPaging {
  /** the keywords searched for ('' = everything) */
  keywords: string;
  /** the page shown, from 1 */
  page: number;
  pageSize: number;
  /** what the list call takes: its pages count from 0 */
  query: { page: number; pageSize: number; keywords: string };
  /** spread on antd's `Input.Search` */
  searchInput: {
    value: string;
    onChange: (event: ChangeEvent<HTMLInputElement>) => void;
    onSearch: (value: string) => void;
  };
  /** spread into antd's `pagination` */
  pager: {
    current: number;
    pageSize: number;
    onChange: (nextPage: number, nextSize: number) => void;
  };
}

export function useSearchPaging(initialPageSize: number): SearchPaging {
  const [search, setSearch] = useState('');
  const [keywords, setKeywords] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(initialPageSize);
  return {
    keywords,
    page,
    pageSize,
    query: { page: page - 1, pageSize, keywords },
    searchInput: {
      value: search,
      onChange: (event) => {
        setSearch(event.target.value);
        if (!event.target.value) {
          setKeywords('');
          setPage(1);
        }
      },
      onSearch: (value) => {
        setKeywords(value.trim());
        setPage(1);
      },
    },
    pager: {
      current: page,
      pageSize,
      onChange: (nextPage, nextSize) => {
        setPage(nextSize === pageSize ? nextPage : 1);
        setPageSize(nextSize);
      },
    },
  };
}
