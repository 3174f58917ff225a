// Model providers (system administrators): OpenAI-compatible endpoints with their chat,
// embedding and rerank models. The API key is sealed at rest and never leaves the server; the
// default provider (else the first one) answers every space's chat.
import {
  aiProviderInputSchema,
  ErrorCode,
  type AiProviderInput,
  type AiProviderTestRequest,
  type AiProviderTestResult,
} from '@library/contract';
import type { Database, Executor } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import type { KeyCipher } from '../../infra/llm/key-cipher.js';
import { ping, type LlmEndpoint } from '../../infra/llm/openai-compatible.js';
import { recordAudit } from '../audit/index.js';
import { listRoles } from '../user/index.js';
import { canConfigureModels } from './ai.policy.js';
import * as repo from './provider.repo.js';

type ProviderRow = repo.ProviderRow;

/** A provider ready to call: its endpoint with the opened key. */
export interface ActiveProvider {
  row: ProviderRow;
  endpoint: LlmEndpoint;
}

/** Refuses (403) a caller who may not configure the model providers (nor see AI writing's use). */
export async function requireModelAdmin(db: Executor, userId: number) {
  if (!canConfigureModels(await listRoles(db, userId))) {
    throw new AppError(ErrorCode.permissionDenied, { status: 403 });
  }
}

async function findProvider(db: Executor, id: string): Promise<ProviderRow> {
  const row = await repo.findProvider(db, id);
  if (!row) throw new AppError(ErrorCode.dataMissing);
  return row;
}

/** Who changes the providers: the administrator and their request's address. */
export interface ProviderActor {
  id: number;
  address: string | null;
}

/** A provider as the audit log keeps it: never its key, only whether it has one. */
function auditView(row: ProviderRow) {
  const { apiKeySealed, ...rest } = row;
  return { ...rest, hasApiKey: apiKeySealed !== null };
}

const providerAudit = (
  tx: Executor,
  actor: ProviderActor,
  action: 'ai.provider.create' | 'ai.provider.update' | 'ai.provider.delete',
  id: string,
  change: { before?: ProviderRow; after?: ProviderRow },
) =>
  recordAudit(tx, {
    actorId: actor.id,
    action,
    targetType: 'aiProvider',
    targetId: id,
    before: change.before && auditView(change.before),
    after: change.after && auditView(change.after),
    address: actor.address,
  });

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

export async function listProviders(db: Database, userId: number) {
  await requireModelAdmin(db, userId);
  return repo.listProviders(db);
}

/** The first provider becomes the default; a new default takes over from the old one. */
export async function createProvider(
  db: Database,
  actor: ProviderActor,
  cipher: KeyCipher,
  input: AiProviderInput,
) {
  await requireModelAdmin(db, actor.id);
  const parsed = aiProviderInputSchema.parse(input);
  return db.transaction(async (tx) => {
    const first = !(await repo.hasProvider(tx));
    const values = { ...fields(parsed), isDefault: parsed.isDefault || first };
    if (values.isDefault) await repo.clearDefault(tx);
    const row = await repo.insertProvider(tx, {
      ...values,
      apiKeySealed: parsed.apiKey ? cipher.seal(parsed.apiKey) : null,
    });
    if (!row) throw new AppError(ErrorCode.serverError);
    await providerAudit(tx, actor, 'ai.provider.create', row.id, { after: row });
    return row;
  });
}

/** The default stays the default: another provider takes it over by being made the default. */
export async function updateProvider(
  db: Database,
  actor: ProviderActor,
  cipher: KeyCipher,
  id: string,
  input: AiProviderInput,
) {
  await requireModelAdmin(db, actor.id);
  const parsed = aiProviderInputSchema.parse(input);
  return db.transaction(async (tx) => {
    const current = await findProvider(tx, id);
    const values = fields(parsed);
    if (values.isDefault) await repo.clearDefault(tx);
    // absent = keep the stored key; empty = remove it
    const apiKeySealed =
      parsed.apiKey === undefined
        ? current.apiKeySealed
        : parsed.apiKey === ''
          ? null
          : cipher.seal(parsed.apiKey);
    const row = await repo.updateProvider(tx, id, {
      ...values,
      isDefault: values.isDefault || current.isDefault,
      apiKeySealed,
      updatedAt: new Date(),
    });
    if (!row) throw new AppError(ErrorCode.dataMissing);
    await providerAudit(tx, actor, 'ai.provider.update', id, { before: current, after: row });
    return row;
  });
}

/** Deleting the default makes the oldest remaining provider the default. */
export async function deleteProvider(db: Database, actor: ProviderActor, id: string) {
  await requireModelAdmin(db, actor.id);
  await db.transaction(async (tx) => {
    const row = await findProvider(tx, id);
    await repo.deleteProvider(tx, id);
    if (row.isDefault) {
      const next = await repo.oldestProvider(tx);
      if (next) await repo.makeDefault(tx, next.id);
    }
    await providerAudit(tx, actor, 'ai.provider.delete', id, { before: row });
  });
}

/** Tries the form's values (the stored key of `id` when no key is typed). */
export async function testProvider(
  db: Database,
  userId: number,
  cipher: KeyCipher,
  request: AiProviderTestRequest,
): Promise<AiProviderTestResult> {
  await requireModelAdmin(db, userId);
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
  const [row] = await repo.listProviders(db);
  if (!row) return null;
  return {
    row,
    endpoint: {
      baseUrl: row.baseUrl,
      apiKey: row.apiKeySealed ? cipher.open(row.apiKeySealed) : null,
    },
  };
}
