import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import type { ChangeEvent } from 'react';
import { useSearchPaging } from './use-search-paging';

const typed = (value: string) => ({ target: { value } }) as ChangeEvent<HTMLInputElement>;

describe('useSearchPaging', () => {
  it('asks for the first page (0-based) of everything at the given size', () => {
    const { result } = renderHook(() => useSearchPaging(20));
    expect(result.current.query).toEqual({ page: 0, pageSize: 20, keywords: '' });
    expect(result.current.pager).toMatchObject({ current: 1, pageSize: 20 });
  });

  it('searches only when asked, with trimmed keywords, from page 1', () => {
    const { result } = renderHook(() => useSearchPaging(20));
    act(() => result.current.pager.onChange(3, 20));
    act(() => result.current.searchInput.onChange(typed(' report ')));
    expect(result.current.searchInput.value).toBe(' report ');
    expect(result.current.query).toEqual({ page: 2, pageSize: 20, keywords: '' });
    act(() => result.current.searchInput.onSearch(' report '));
    expect(result.current.query).toEqual({ page: 0, pageSize: 20, keywords: 'report' });
  });

  it('shows everything again from page 1 when the box is emptied', () => {
    const { result } = renderHook(() => useSearchPaging(20));
    act(() => result.current.searchInput.onSearch('report'));
    act(() => result.current.pager.onChange(2, 20));
    act(() => result.current.searchInput.onChange(typed('')));
    expect(result.current.query).toEqual({ page: 0, pageSize: 20, keywords: '' });
  });

  it('goes back to page 1 on a new page size, and keeps the page otherwise', () => {
    const { result } = renderHook(() => useSearchPaging(20));
    act(() => result.current.pager.onChange(4, 20));
    expect(result.current.page).toBe(4);
    act(() => result.current.pager.onChange(2, 50));
    expect(result.current.query).toEqual({ page: 0, pageSize: 50, keywords: '' });
  });
});
