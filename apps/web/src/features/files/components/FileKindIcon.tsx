// One icon per kind of file, coloured the way people recognise them.
import {
  FileExcelOutlined,
  FileImageOutlined,
  FileMarkdownOutlined,
  FileOutlined,
  FilePdfOutlined,
  FilePptOutlined,
  FileTextOutlined,
  FileWordOutlined,
  CodeOutlined,
  SoundOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import type { FileKind } from '@library/contract';

const icons: Record<FileKind, typeof FileOutlined> = {
  image: FileImageOutlined,
  pdf: FilePdfOutlined,
  docx: FileWordOutlined,
  xlsx: FileExcelOutlined,
  pptx: FilePptOutlined,
  markdown: FileMarkdownOutlined,
  text: FileTextOutlined,
  code: CodeOutlined,
  audio: SoundOutlined,
  video: VideoCameraOutlined,
  other: FileOutlined,
};

export function FileKindIcon({ kind }: { kind: FileKind }) {
  const Icon = icons[kind];
  return (
    <span className={`file-kind-icon is-${kind}`} aria-hidden="true">
      <Icon />
    </span>
  );
}
