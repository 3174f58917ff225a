// The import and export dialog: export — choose Markdown (.zip), Word or PDF,
// watch the server's progress (pages written), then download; import — choose a .md, .html,
// .docx or .zip, watch the upload's progress, then the server's (entries read, pages made), then
// the report (what was created, what could not be converted). Opened through openTransfer().
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Modal, Progress, Radio, Space, Typography, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import {
  defaultLocale,
  errorMessage,
  isLocale,
  type ExportFormat,
  type ImportReport,
  type Transfer,
} from '@library/contract';
import { ApiError, RequestCancelledError } from '../../../lib/api-client';
import { ImportReportView } from './ImportReportView';
import { downloadExport, settledTransfer, startExport, startImport } from '../api/transfer';
import { useTransferStore } from '../stores/transfer-store';

type Phase =
  | { step: 'choose' }
  | { step: 'uploading'; percent: number }
  | { step: 'working'; transfer: Transfer }
  | { step: 'downloading' }
  | { step: 'done'; report?: ImportReport; savedAs?: string }
  | { step: 'failed'; message: string; detail?: string };

const acceptedImports = '.md,.markdown,.html,.htm,.docx,.zip';

export function TransferDialog() {
  const { t, i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : defaultLocale;
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

  /** Follows the transfer on the server until it ends; answers it done, or null once shown failed. */
  const follow = async (started: Transfer, signal: AbortSignal) => {
    setPhase({ step: 'working', transfer: started });
    const ended = await settledTransfer(
      started,
      (transfer) => setPhase({ step: 'working', transfer }),
      signal,
    );
    if (ended.status === 'done') return ended;
    setPhase({
      step: 'failed',
      message: ended.errorCode ? errorMessage(ended.errorCode, locale) : t('transfer.failed'),
      detail: ended.errorDetail ?? undefined,
    });
    return null;
  };

  const runExport = async () => {
    abort.current = new AbortController();
    const { signal } = abort.current;
    try {
      const started = await startExport(target.spaceId, target.nodeId, format);
      const ended = await follow(started, signal);
      if (!ended) return;
      setPhase({ step: 'downloading' });
      setPhase({ step: 'done', savedAs: await downloadExport(ended, signal) });
    } catch (error) {
      fail(error);
    }
  };

  const runImport = async (file: File) => {
    abort.current = new AbortController();
    const { signal } = abort.current;
    setPhase({ step: 'uploading', percent: 0 });
    try {
      const started = await startImport({
        spaceId: target.spaceId,
        parentId: target.nodeId,
        file,
        signal,
        onProgress: ({ loaded, total }) =>
          setPhase({ step: 'uploading', percent: Math.round((loaded / total) * 100) }),
      });
      const ended = await follow(started, signal);
      if (!ended) return;
      setPhase({ step: 'done', report: ended.report ?? undefined });
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
      {phase.step === 'uploading' && (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Progress percent={phase.percent} status="active" />
          <Typography.Text type="secondary">{t('transfer.uploading')}</Typography.Text>
        </Space>
      )}
      {phase.step === 'working' && (
        <Space direction="vertical" style={{ width: '100%' }} data-testid="transfer-progress">
          <Progress
            percent={
              phase.transfer.total > 0
                ? Math.round((phase.transfer.done / phase.transfer.total) * 100)
                : 0
            }
            status="active"
          />
          <Typography.Text type="secondary">
            {phase.transfer.status === 'queued'
              ? t('transfer.queued')
              : t(phase.transfer.kind === 'export' ? 'transfer.exporting' : 'transfer.converting', {
                  done: phase.transfer.done,
                  total: phase.transfer.total,
                })}
          </Typography.Text>
        </Space>
      )}
      {phase.step === 'downloading' && (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Progress percent={100} status="active" />
          <Typography.Text type="secondary">{t('transfer.downloading')}</Typography.Text>
        </Space>
      )}
      {phase.step === 'done' && phase.savedAs && (
        <Alert type="success" showIcon message={t('transfer.exported', { name: phase.savedAs })} />
      )}
      {phase.step === 'done' && phase.report && <ImportReportView report={phase.report} />}
      {phase.step === 'failed' && (
        <Alert type="error" showIcon message={phase.message} description={phase.detail} />
      )}
    </Modal>
  );
}
