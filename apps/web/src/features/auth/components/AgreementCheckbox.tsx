import { Checkbox } from 'antd';
import { Trans } from 'react-i18next';

export type AgreementDocument = 'terms' | 'privacy';

interface AgreementCheckboxProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  onOpenDocument: (document: AgreementDocument) => void;
}

/** "I have read and agree to the Terms of Service and the Privacy Policy" with links. */
export function AgreementCheckbox({ checked, onChange, onOpenDocument }: AgreementCheckboxProps) {
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
      <Trans
        i18nKey="login.agreement"
        components={{
          terms: <a href="#terms" onClick={handleOpen('terms')} />,
          privacy: <a href="#privacy" onClick={handleOpen('privacy')} />,
        }}
      />
    </Checkbox>
  );
}
