// The import and export dialog (issue 14 §3–4): export — choose Markdown (.zip), Word or PDF and
// download; import — choose a .md, .html, .docx or .zip, watch the upload's progress, then the
// report (what was created, what could not be converted). Opened through openTransfer().
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, List, Modal, Progress, Radio, Space, Typography, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { ExportFormat, ImportReport } from '@library/contract';
import { ApiError, RequestCancelledError } from '../../../lib/api-client';
import { exportNode, importFile } from '../api/transfer';
import { useTransferStore } from '../stores/transfer-store';

type Phase =
  | { step: 'choose' }
  | { step: 'working'; percent: number | null }
  | { step: 'done'; report?: ImportReport; savedAs?: string }
  | { step: 'failed'; message: string };

const acceptedImports = '.md,.markdown,.html,.htm,.docx,.zip';

export function TransferDialog() {
  const { t } = useTranslation();
  const target = useTransferStore((state) => state.target);
  const close = useTransferStore((state) => state.close);
  const queryClient = useQueryClient();
  const [format, setFormat] = useState<ExportFormat>('markdown');
  const [phase, setPhase] = useState<Phase>({ step: 'choose' });
  const abort = useRef<AbortController | null>(null);

  useEffect(() => {
    setPhase({ step: 'choose' });
    setFormat('markdown');
  }, [target]);

  if (!target) return null;

  const fail = (error: unknown) => {
    if (error instanceof RequestCancelledError) {
      setPhase({ step: 'choose' });
      return;
    }
    setPhase({
      step: 'failed',
      message: error instanceof ApiError ? error.message : t('transfer.failed'),
    });
  };

  const runExport = async () => {
    abort.current = new AbortController();
    setPhase({ step: 'working', percent: null });
    try {
      const savedAs = await exportNode(target.spaceId, target.nodeId, format, abort.current.signal);
      setPhase({ step: 'done', savedAs });
    } catch (error) {
      fail(error);
    }
  };

  const runImport = async (file: File) => {
    abort.current = new AbortController();
    setPhase({ step: 'working', percent: 0 });
    try {
      const report = await importFile({
        spaceId: target.spaceId,
        parentId: target.nodeId,
        file,
        signal: abort.current.signal,
        onProgress: ({ loaded, total }) =>
          setPhase({
            step: 'working',
            // the upload is most of the work; the server's conversion is the last step
            percent: loaded >= total ? null : Math.round((loaded / total) * 100),
          }),
      });
      setPhase({ step: 'done', report });
      void queryClient.invalidateQueries();
    } catch (error) {
      fail(error);
    }
  };

  const onCancel = () => {
    abort.current?.abort();
    close();
  };

  const title =
    target.mode === 'export'
      ? t('transfer.exportTitle', { name: target.name })
      : t('transfer.importTitle', { name: target.name });

  return (
    <Modal
      open
      title={title}
      onCancel={onCancel}
      destroyOnHidden
      footer={
        target.mode === 'export' && phase.step === 'choose' ? (
          <Button type="primary" onClick={() => void runExport()} data-testid="transfer-export">
            {t('transfer.export')}
          </Button>
        ) : (
          <Button onClick={onCancel}>{t('transfer.close')}</Button>
        )
      }
    >
      {phase.step === 'choose' && target.mode === 'export' && (
        <Space direction="vertical">
          <Typography.Text>{t('transfer.formatLabel')}</Typography.Text>
          <Radio.Group value={format} onChange={(event) => setFormat(event.target.value)}>
            <Space direction="vertical">
              <Radio value="markdown">{t('transfer.formats.markdown')}</Radio>
              <Radio value="docx">{t('transfer.formats.docx')}</Radio>
              <Radio value="pdf">{t('transfer.formats.pdf')}</Radio>
            </Space>
          </Radio.Group>
          <Typography.Text type="secondary">{t('transfer.exportHint')}</Typography.Text>
        </Space>
      )}
      {phase.step === 'choose' && target.mode === 'import' && (
        <Upload.Dragger
          accept={acceptedImports}
          showUploadList={false}
          beforeUpload={(file) => {
            void runImport(file);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t('transfer.importDrop')}</p>
          <p className="ant-upload-hint">{t('transfer.importHint')}</p>
        </Upload.Dragger>
      )}
      {phase.step === 'working' && (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Progress
            percent={phase.percent ?? 100}
            status="active"
            showInfo={phase.percent !== null}
          />
          <Typography.Text type="secondary">
            {phase.percent === null ? t('transfer.converting') : t('transfer.uploading')}
          </Typography.Text>
        </Space>
      )}
      {phase.step === 'done' && phase.savedAs && (
        <Alert type="success" showIcon message={t('transfer.exported', { name: phase.savedAs })} />
      )}
      {phase.step === 'done' && phase.report && (
        <Space direction="vertical" style={{ width: '100%' }} data-testid="transfer-report">
          <Alert
            type={phase.report.problems.length > 0 ? 'warning' : 'success'}
            showIcon
            message={t('transfer.imported', {
              pages: phase.report.pages,
              topics: phase.report.topics,
              files: phase.report.files,
            })}
          />
          {phase.report.problems.length > 0 && (
            <List
              size="small"
              header={t('transfer.problems')}
              dataSource={phase.report.problems}
              renderItem={(problem) => (
                <List.Item>
                  <Typography.Text code>{problem.path || '—'}</Typography.Text> {problem.reason}
                </List.Item>
              )}
            />
          )}
        </Space>
      )}
      {phase.step === 'failed' && <Alert type="error" showIcon message={phase.message} />}
    </Modal>
  );
}
