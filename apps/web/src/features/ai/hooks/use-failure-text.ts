// An answer stream's failure (api/stream-answer.ts) told in the reader's words, with the
// detail support needs.
import { useTranslation } from 'react-i18next';
import type { AnswerFailure } from '../api/stream-answer';

export function useFailureText() {
  const { t } = useTranslation();
  return (failure: AnswerFailure): string => {
    switch (failure.kind) {
      case 'connect':
        return `${t('ai.failure.connect')} (${failure.detail})`;
      case 'http':
        return failure.message
          ? `${t('ai.failure.http', { status: failure.status })} — ${failure.message}`
          : t('ai.failure.http', { status: failure.status });
      case 'stream':
        return `${failure.message || t('ai.failure.unknownStream')} (${t('ai.failure.code', { code: failure.code })})`;
      case 'incomplete':
        return `${t('ai.failure.incomplete')} (${failure.detail})`;
    }
  };
}
