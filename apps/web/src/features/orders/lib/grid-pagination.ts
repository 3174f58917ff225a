import { limits } from '@library/contract';

/**
 * antd's pager as spec §9's data grid has it: 10 a page by default, 10/20/50 to choose, seven
 * page buttons (antd's window without `showLessItems`, its '…' jumps counted); a new page size
 * starts again at page 1. Pages count from 1 here, from 0 in the API.
 */
export function gridPagination(
  page: number,
  pageSize: number,
  total: number,
  onChange: (page: number, pageSize: number) => void,
  mobile: boolean,
) {
  return {
    current: page,
    pageSize,
    total,
    onChange: (next: number, size: number) => onChange(size === pageSize ? next : 1, size),
    pageSizeOptions: limits.gridPageSizes.map(String),
    showSizeChanger: true,
    showLessItems: false,
    hideOnSinglePage: false,
    simple: mobile,
  };
}
