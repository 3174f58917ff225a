import { Checkbox } from 'antd';
import { useTranslation } from 'react-i18next';

export type AgreementDocument = 'terms' | 'privacy';

interface AgreementCheckboxProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  onOpenDocument: (document: AgreementDocument) => void;
}

/** "I have read and agree to the Terms of Service and the Privacy Policy" with links. */
export function AgreementCheckbox({ checked, onChange, onOpenDocument }: AgreementCheckboxProps) {
  const { t } = useTranslation();
  const handleOpen = (document: AgreementDocument) => (event: React.MouseEvent) => {
    event.preventDefault();
    event.stopPropagation();
    onOpenDocument(document);
  };
  return (
    <Checkbox
      className="login-agreement"
      checked={checked}
      onChange={(event) => onChange(event.target.checked)}
    >
      {withLinks(t('login.agreement'), (document, text) => (
        <a key={document} href={`#${document}`} onClick={handleOpen(document)}>
          {text}
        </a>
      ))}
    </Checkbox>
  );
}

/**
 * The text with its `<terms>…</terms>` and `<privacy>…</privacy>` parts drawn as links: what
 * react-i18next's Trans does, without the 5 kB of gzip (Trans and its HTML parser) it adds to
 * the first visit, which opens this dialog.
 */
function withLinks(
  text: string,
  link: (document: AgreementDocument, text: string) => React.ReactNode,
): React.ReactNode[] {
  const parts: React.ReactNode[] = [];
  let rest = text;
  for (let match = linkPattern.exec(rest); match; match = linkPattern.exec(rest)) {
    if (match.index > 0) parts.push(rest.slice(0, match.index));
    parts.push(link(match[1] as AgreementDocument, match[2] ?? ''));
    rest = rest.slice(match.index + match[0].length);
  }
  if (rest) parts.push(rest);
  return parts;
}

const linkPattern = /<(terms|privacy)>(.*?)<\/\1>/;
