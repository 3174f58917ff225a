// Excel (.xlsx): each sheet as a table (exceljs in its own lazy chunk). Large sheets show their
// first rows and columns only, and say so.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Empty, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import ExcelJS from 'exceljs';
import { useFileBytes } from '../../hooks/use-file-bytes';
import type { ViewerProps } from './viewer-props';
import { ViewerFailed, ViewerLoading } from './ViewerStates';

const maxRows = 1000;
const maxColumns = 60;

interface SheetTable {
  name: string;
  rows: string[][];
  truncated: boolean;
}

/** 0 → A, 25 → Z, 26 → AA: the column letters spreadsheet users know. */
function columnName(index: number): string {
  let name = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    name = String.fromCharCode(65 + ((rest - 1) % 26)) + name;
  }
  return name;
}

async function readSheets(bytes: ArrayBuffer): Promise<SheetTable[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes);
  return workbook.worksheets.map((sheet) => {
    const rowCount = Math.min(sheet.rowCount, maxRows);
    const columnCount = Math.min(sheet.columnCount, maxColumns);
    const rows: string[][] = [];
    for (let r = 1; r <= rowCount; r += 1) {
      const row = sheet.getRow(r);
      const cells: string[] = [];
      for (let c = 1; c <= columnCount; c += 1) cells.push(row.getCell(c).text);
      rows.push(cells);
    }
    return {
      name: sheet.name,
      rows,
      truncated: sheet.rowCount > maxRows || sheet.columnCount > maxColumns,
    };
  });
}

export function XlsxViewer({ file, url }: ViewerProps) {
  const { t } = useTranslation();
  const bytes = useFileBytes(file.fileId, url);
  const sheets = useQuery({
    queryKey: ['files', 'xlsx-sheets', file.fileId],
    queryFn: () => readSheets(bytes.data ?? new ArrayBuffer(0)),
    enabled: bytes.isSuccess,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  const [active, setActive] = useState('0');

  if (bytes.isError || sheets.isError) return <ViewerFailed onRetry={() => void bytes.refetch()} />;
  if (!sheets.isSuccess) return <ViewerLoading />;
  return (
    <Tabs
      className="file-xlsx-viewer"
      activeKey={active}
      onChange={setActive}
      items={sheets.data.map((sheet, index) => ({
        key: String(index),
        label: sheet.name,
        children: (
          <SheetView
            sheet={sheet}
            truncatedText={t('files.viewer.rowsTruncated', { rows: maxRows, columns: maxColumns })}
            emptyText={t('files.viewer.sheetEmpty')}
          />
        ),
      }))}
    />
  );
}

function SheetView({
  sheet,
  truncatedText,
  emptyText,
}: {
  sheet: SheetTable;
  truncatedText: string;
  emptyText: string;
}) {
  const width = sheet.rows.reduce((most, row) => Math.max(most, row.length), 0);
  if (sheet.rows.length === 0 || width === 0) return <Empty description={emptyText} />;
  return (
    <div className="file-sheet">
      {sheet.truncated && <Alert type="info" showIcon title={truncatedText} />}
      <div className="file-sheet-scroll">
        <table aria-label={sheet.name}>
          <thead>
            <tr>
              <th aria-hidden="true" />
              {Array.from({ length: width }, (_, index) => (
                <th key={index} scope="col">
                  {columnName(index)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {sheet.rows.map((row, rowIndex) => (
              <tr key={rowIndex}>
                <th scope="row">{rowIndex + 1}</th>
                {Array.from({ length: width }, (_, index) => (
                  <td key={index}>{row[index] ?? ''}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

export default XlsxViewer;
