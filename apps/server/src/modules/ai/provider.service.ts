// Model providers (system administrators): OpenAI-compatible endpoints with their chat,
// embedding and rerank models. The API key is sealed at rest and never leaves the server; the
// default provider (else the first one) answers every space's chat.
import { asc, desc, eq } from 'drizzle-orm';
import {
  aiProviderInputSchema,
  ErrorCode,
  type AiProvider,
  type AiProviderTestResult,
  type AiProviderTestRequest,
  type AiProviderInput,
} from '@library/contract';
import type { Database, Executor } from '../../db/database.js';
import { aiProviders } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';
import type { KeyCipher } from '../../infra/llm/key-cipher.js';
import { ping, type LlmEndpoint } from '../../infra/llm/openai-compatible.js';

export type ProviderRow = typeof aiProviders.$inferSelect;

/** A provider ready to call: its endpoint with the opened key. */
export interface ActiveProvider {
  row: ProviderRow;
  endpoint: LlmEndpoint;
}

export function presentProvider(row: ProviderRow): AiProvider {
  return {
    id: row.id,
    name: row.name,
    baseUrl: row.baseUrl,
    hasApiKey: row.apiKeySealed !== null,
    chatModel: row.chatModel,
    embeddingModel: row.embeddingModel,
    embeddingDimension: row.embeddingDimension,
    rerankModel: row.rerankModel,
    isDefault: row.isDefault,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listProviders(db: Executor): Promise<ProviderRow[]> {
  return db
    .select()
    .from(aiProviders)
    .orderBy(desc(aiProviders.isDefault), asc(aiProviders.createdAt));
}

async function findProvider(db: Executor, id: string): Promise<ProviderRow> {
  const [row] = await db.select().from(aiProviders).where(eq(aiProviders.id, id)).limit(1);
  if (!row) throw new AppError(ErrorCode.dataMissing);
  return row;
}

type ParsedInput = ReturnType<typeof aiProviderInputSchema.parse>;

function fields(input: ParsedInput) {
  return {
    name: input.name,
    baseUrl: input.baseUrl.replace(/\/+$/, ''),
    chatModel: input.chatModel,
    embeddingModel: input.embeddingModel ?? null,
    embeddingDimension: input.embeddingModel ? (input.embeddingDimension ?? null) : null,
    rerankModel: input.rerankModel ?? null,
    isDefault: input.isDefault ?? false,
  };
}

export async function createProvider(db: Database, cipher: KeyCipher, input: AiProviderInput) {
  const parsed = aiProviderInputSchema.parse(input);
  return db.transaction(async (tx) => {
    const first = (await tx.select({ id: aiProviders.id }).from(aiProviders).limit(1)).length === 0;
    const values = { ...fields(parsed), isDefault: parsed.isDefault || first };
    if (values.isDefault) await tx.update(aiProviders).set({ isDefault: false });
    const [row] = await tx
      .insert(aiProviders)
      .values({ ...values, apiKeySealed: parsed.apiKey ? cipher.seal(parsed.apiKey) : null })
      .returning();
    if (!row) throw new AppError(ErrorCode.serverError);
    return row;
  });
}

export async function updateProvider(
  db: Database,
  cipher: KeyCipher,
  id: string,
  input: AiProviderInput,
) {
  const parsed = aiProviderInputSchema.parse(input);
  return db.transaction(async (tx) => {
    const current = await findProvider(tx, id);
    const values = fields(parsed);
    if (values.isDefault) await tx.update(aiProviders).set({ isDefault: false });
    // absent = keep the stored key; empty = remove it
    const apiKeySealed =
      parsed.apiKey === undefined
        ? current.apiKeySealed
        : parsed.apiKey === ''
          ? null
          : cipher.seal(parsed.apiKey);
    const [row] = await tx
      .update(aiProviders)
      .set({
        ...values,
        isDefault: values.isDefault || current.isDefault,
        apiKeySealed,
        updatedAt: new Date(),
      })
      .where(eq(aiProviders.id, id))
      .returning();
    if (!row) throw new AppError(ErrorCode.dataMissing);
    return row;
  });
}

export async function deleteProvider(db: Database, id: string) {
  await db.transaction(async (tx) => {
    const row = await findProvider(tx, id);
    await tx.delete(aiProviders).where(eq(aiProviders.id, id));
    if (row.isDefault) {
      const [next] = await tx
        .select()
        .from(aiProviders)
        .orderBy(asc(aiProviders.createdAt))
        .limit(1);
      if (next)
        await tx.update(aiProviders).set({ isDefault: true }).where(eq(aiProviders.id, next.id));
    }
  });
}

/** Tries the form's values (the stored key of `id` when no key is typed). */
export async function testProvider(
  db: Database,
  cipher: KeyCipher,
  request: AiProviderTestRequest,
): Promise<AiProviderTestResult> {
  const parsed = aiProviderInputSchema.parse(request);
  let apiKey = parsed.apiKey || null;
  if (parsed.apiKey === undefined && request.id) {
    const stored = await findProvider(db, request.id);
    apiKey = stored.apiKeySealed ? cipher.open(stored.apiKeySealed) : null;
  }
  const started = performance.now();
  try {
    await ping({ baseUrl: parsed.baseUrl, apiKey }, parsed.chatModel);
    return { ok: true, latencyMs: Math.round(performance.now() - started), message: 'ok' };
  } catch (error) {
    return {
      ok: false,
      latencyMs: Math.round(performance.now() - started),
      message: error instanceof Error ? error.message : String(error),
    };
  }
}

/** The provider answering chats: the default one, else the oldest; null = offline answerer. */
export async function activeProvider(
  db: Executor,
  cipher: KeyCipher,
): Promise<ActiveProvider | null> {
  const [row] = await listProviders(db);
  if (!row) return null;
  return {
    row,
    endpoint: {
      baseUrl: row.baseUrl,
      apiKey: row.apiKeySealed ? cipher.open(row.apiKeySealed) : null,
    },
  };
}
