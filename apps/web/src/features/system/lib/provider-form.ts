// The AI provider form's values, as the dialog opens with them and as the API takes them.
import type { AiProvider, AiProviderInput } from '@library/contract';

export interface ProviderFormValues {
  name: string;
  baseUrl: string;
  apiKey: string;
  chatModel: string;
  embeddingModel: string;
  embeddingDimension: number | null;
  rerankModel: string;
  isDefault: boolean;
}

/** The form as the API's input: blank optional fields are null, a blank key is left out. */
export function providerInput(values: ProviderFormValues): AiProviderInput {
  const optional = (value: string) => (value.trim() ? value.trim() : null);
  const embeddingModel = optional(values.embeddingModel);
  return {
    name: values.name.trim(),
    baseUrl: values.baseUrl.trim(),
    ...(values.apiKey.trim() ? { apiKey: values.apiKey.trim() } : {}),
    chatModel: values.chatModel.trim(),
    embeddingModel,
    embeddingDimension: embeddingModel ? values.embeddingDimension : null,
    rerankModel: optional(values.rerankModel),
    isDefault: values.isDefault,
  };
}

/** The provider dialog: closed, adding one, or editing one. */
export type Editing = { mode: 'create' } | { mode: 'edit'; provider: AiProvider } | null;

/** The form's values on opening: the provider's, with the key field empty. */
export function initialValues(editing: Editing): ProviderFormValues {
  const provider = editing?.mode === 'edit' ? editing.provider : null;
  return {
    name: provider?.name ?? '',
    baseUrl: provider?.baseUrl ?? '',
    apiKey: '',
    chatModel: provider?.chatModel ?? '',
    embeddingModel: provider?.embeddingModel ?? '',
    embeddingDimension: provider?.embeddingDimension ?? null,
    rerankModel: provider?.rerankModel ?? '',
    isDefault: provider?.isDefault ?? false,
  };
}
