// Templates as the API answers them (packages/contract schemas/template.ts).
import type {
  TemplateCreation,
  TemplateDetail,
  TemplateKind,
  TemplateNode,
  TemplateSummary,
} from '@library/contract';
import type { Starter } from './starters.js';
import type { TemplateRow } from './template.repo.js';

export function presentTemplate(row: Omit<TemplateRow, 'content'>): TemplateSummary {
  return {
    templateId: row.id,
    scope: row.scope,
    spaceId: row.spaceId,
    kind: row.kind,
    name: row.name,
    description: row.description,
    cover: row.cover,
    pageCount: row.pageCount,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentTemplateDetail(row: TemplateRow): TemplateDetail {
  return { ...presentTemplate(row), root: row.content as TemplateNode };
}

export function presentStarter(starter: Starter): TemplateSummary {
  return {
    templateId: starter.key,
    scope: 'starter',
    spaceId: null,
    kind: 'page',
    name: starter.name,
    description: starter.description,
    cover: starter.cover,
    pageCount: 1,
    updatedAt: null,
  };
}

export function presentStarterDetail(starter: Starter): TemplateDetail {
  return {
    ...presentStarter(starter),
    root: { type: 'page', name: starter.name, avatar: starter.cover, blocks: starter.blocks },
  };
}

export function presentCreation(creation: {
  id: string | null;
  state: TemplateCreation['state'];
  spaceId: string;
  kind: TemplateKind;
  nodeId: string | null;
  errorCode: number | null;
}): TemplateCreation {
  return {
    creationId: creation.id,
    state: creation.state,
    spaceId: creation.spaceId,
    kind: creation.kind,
    nodeId: creation.nodeId,
    errorCode: creation.errorCode,
  };
}
