// The conversations of one space's AI chat, for one chat screen (spec §4): loads the list,
// creates, selects (loading history), renames, pins, deletes; sends a question and fills the
// answer from the stream; stop and retry. A change of the space's AI detail resets everything
// and aborts every request in flight. Each screen makes its own store (createConversationStore)
// and destroys it when it goes, which aborts what is still running.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { SpaceAiDetail } from '@library/contract';
import { isRequestCancelled } from '../../../lib/api-client';
import { createConversation as postConversation } from '../api/create-conversation';
import { deleteConversation as removeConversation } from '../api/delete-conversation';
import { getConversationHistory } from '../api/get-conversation-history';
import { getConversations } from '../api/get-conversations';
import { AnswerStreamError, streamAnswer } from '../api/stream-answer';
import { updateConversation } from '../api/update-conversation';
import {
  assistantMessage,
  hasQuestion,
  historyMessages,
  newestConversationId,
  prologueMessage,
  sortConversations,
  titleFromQuestion,
  toConversation,
  userMessage,
  type ChatMessage,
  type Conversation,
} from '../lib/conversations';

/** The screen messages of spec §8 the store raises (the screen shows them as toasts). */
export type ConversationNotice =
  | 'listFailed'
  | 'createNoConfig'
  | 'sendNoConfig'
  | 'createFailed'
  | 'renameFailed'
  | 'historyFailed';

export type ListStatus = 'idle' | 'loading' | 'ready' | 'failed';

export interface ConversationStoreOptions {
  /** 'new conversation' in the UI language (spec §9) */
  defaultTitle: string;
  /** the first assistant message of a new conversation when the space has no prologue */
  greeting: string;
  notify: (notice: ConversationNotice) => void;
}

export interface ConversationState {
  chatId: string | null;
  prologue: string;
  listStatus: ListStatus;
  conversations: Conversation[];
  activeId: string | null;
  /** the conversation whose answer is streaming (one at a time) */
  streamingId: string | null;
  creating: boolean;

  /** Takes the space's AI detail; a changed one resets and reloads (spec §4). */
  setDetail: (detail: SpaceAiDetail | null, activate?: string) => void;
  reset: () => void;
  loadList: (activate?: string) => Promise<void>;
  create: () => Promise<Conversation | null>;
  select: (id: string) => void;
  rename: (id: string, name: string) => Promise<boolean>;
  togglePin: (id: string) => Promise<void>;
  remove: (id: string) => Promise<boolean>;
  send: (question: string) => Promise<void>;
  retry: (messageId: string) => Promise<void>;
  stop: () => void;
  /** aborts everything and forgets the detail, so the next setDetail loads afresh */
  destroy: () => void;
}

export type ConversationStore = StoreApi<ConversationState>;

/** What of the detail matters to conversations; index counts changing resets nothing. */
function detailSignature(detail: SpaceAiDetail | null): string {
  if (!detail) return 'none';
  return JSON.stringify([
    detail.spaceId,
    detail.enabled,
    detail.chat?.id ?? null,
    detail.prologue,
    detail.settings,
    detail.model,
  ]);
}

export function createConversationStore(options: ConversationStoreOptions): ConversationStore {
  const { defaultTitle, greeting, notify } = options;
  /** every request in flight, so a reset can abort them all */
  const inFlight = new Set<AbortController>();
  let streamController: AbortController | null = null;
  /** bumped by each reset: results of older requests are dropped */
  let generation = 0;
  let signature: string | null = null;

  const begin = () => {
    const controller = new AbortController();
    inFlight.add(controller);
    return { controller, gen: generation, done: () => inFlight.delete(controller) };
  };

  return createStore<ConversationState>()((set, get) => {
    const patchConversation = (id: string, change: (c: Conversation) => Conversation) =>
      set((state) => ({
        conversations: state.conversations.map((c) => (c.id === id ? change(c) : c)),
      }));
    const patchMessage = (
      conversationId: string,
      messageId: string,
      change: (m: ChatMessage) => ChatMessage,
    ) =>
      patchConversation(conversationId, (c) => ({
        ...c,
        messages: c.messages.map((m) => (m.id === messageId ? change(m) : m)),
      }));
    const find = (id: string) => get().conversations.find((c) => c.id === id);

    const loadHistory = async (id: string) => {
      const { chatId } = get();
      const conversation = find(id);
      if (!chatId || !conversation) return;
      const request = begin();
      patchConversation(id, (c) => ({ ...c, history: 'loading' }));
      try {
        const items = await getConversationHistory(chatId, id, request.controller.signal);
        if (request.gen !== generation) return;
        patchConversation(id, (c) => ({
          ...c,
          history: 'loaded',
          messages: historyMessages(items, c.prologue || get().prologue),
        }));
      } catch (caught) {
        if (request.gen !== generation || isRequestCancelled(caught)) return;
        patchConversation(id, (c) => ({ ...c, history: 'failed' }));
        notify('historyFailed');
      } finally {
        request.done();
      }
    };

    const renameFromQuestion = async (id: string, question: string) => {
      const name = titleFromQuestion(question);
      if (!name) return;
      const request = begin();
      try {
        const session = await updateConversation(
          id,
          { name },
          { signal: request.controller.signal, silent: true },
        );
        if (request.gen !== generation) return;
        patchConversation(id, (c) => ({ ...c, title: session.name }));
      } catch (caught) {
        if (request.gen !== generation || isRequestCancelled(caught)) return;
        notify('renameFailed');
      } finally {
        request.done();
      }
    };

    /** Streams the answer to `question` into the assistant message `messageId`. */
    const runStream = async (conversationId: string, messageId: string, question: string) => {
      const { chatId } = get();
      if (!chatId) return;
      const request = begin();
      streamController = request.controller;
      set({ streamingId: conversationId });
      const patch = (change: (m: ChatMessage) => ChatMessage) => {
        if (request.gen === generation) patchMessage(conversationId, messageId, change);
      };
      try {
        const final = await streamAnswer({
          chatId,
          sessionId: conversationId,
          question,
          signal: request.controller.signal,
          onEvent: (event) => {
            if (event.kind === 'references') {
              patch((m) => ({ ...m, references: { ...m.references, docs: event.docs } }));
            } else if (event.kind === 'delta') {
              patch((m) => ({ ...m, content: m.content + event.text }));
            }
          },
        });
        patch((m) => ({
          ...m,
          content: final.answer,
          answerId: final.id,
          references: { prompts: final.prompt ? [final.prompt] : [], docs: final.docs },
          status: 'done',
        }));
      } catch (caught) {
        if (isRequestCancelled(caught)) {
          patch((m) => ({ ...m, status: 'stopped' }));
        } else if (caught instanceof AnswerStreamError) {
          patch((m) => ({ ...m, status: 'failed', failure: caught.failure }));
        } else {
          const detail = caught instanceof Error ? caught.message : String(caught);
          patch((m) => ({ ...m, status: 'failed', failure: { kind: 'incomplete', detail } }));
        }
      } finally {
        request.done();
        if (streamController === request.controller) streamController = null;
        if (request.gen === generation && get().streamingId === conversationId) {
          set({ streamingId: null });
        }
      }
    };

    const abortAll = () => {
      for (const controller of inFlight) controller.abort();
      inFlight.clear();
      streamController = null;
    };

    return {
      chatId: null,
      prologue: '',
      listStatus: 'idle',
      conversations: [],
      activeId: null,
      streamingId: null,
      creating: false,

      setDetail: (detail, activate) => {
        const next = detailSignature(detail);
        if (next === signature) return;
        signature = next;
        get().reset();
        set({ chatId: detail?.chat?.id ?? null, prologue: detail?.prologue ?? '' });
        if (detail?.chat) void get().loadList(activate);
      },

      reset: () => {
        generation += 1;
        abortAll();
        set({
          chatId: null,
          prologue: '',
          listStatus: 'idle',
          conversations: [],
          activeId: null,
          streamingId: null,
          creating: false,
        });
      },

      loadList: async (activate) => {
        const { chatId } = get();
        if (!chatId) return;
        const request = begin();
        set({ listStatus: 'loading' });
        try {
          const sessions = await getConversations(chatId, request.controller.signal);
          if (request.gen !== generation) return;
          const conversations = sortConversations(sessions.map(toConversation));
          const wanted = activate && conversations.some((c) => c.id === activate) ? activate : null;
          const activeId = wanted ?? newestConversationId(conversations);
          set({ conversations, activeId, listStatus: 'ready' });
          if (activeId) void loadHistory(activeId);
        } catch (caught) {
          if (request.gen !== generation || isRequestCancelled(caught)) return;
          // spec §8: the list is cleared
          set({ conversations: [], activeId: null, listStatus: 'failed' });
          notify('listFailed');
        } finally {
          request.done();
        }
      },

      create: async () => {
        const { chatId } = get();
        if (!chatId) {
          notify('createNoConfig');
          return null;
        }
        const request = begin();
        set({ creating: true });
        try {
          const session = await postConversation(chatId, defaultTitle, request.controller.signal);
          if (request.gen !== generation) return null;
          const opening = session.prologue || get().prologue || greeting;
          const conversation: Conversation = {
            ...toConversation(session),
            history: 'loaded',
            messages: [prologueMessage(opening)],
          };
          set((state) => ({
            conversations: [conversation, ...state.conversations],
            activeId: conversation.id,
          }));
          return conversation;
        } catch (caught) {
          if (request.gen !== generation || isRequestCancelled(caught)) return null;
          notify('createFailed');
          return null;
        } finally {
          request.done();
          if (request.gen === generation) set({ creating: false });
        }
      },

      select: (id) => {
        const conversation = find(id);
        if (!conversation) return;
        set({ activeId: id });
        if (conversation.history === 'unloaded' || conversation.history === 'failed') {
          void loadHistory(id);
        }
      },

      rename: async (id, name) => {
        const title = titleFromQuestion(name);
        if (!title) return false;
        try {
          const session = await updateConversation(id, { name: title });
          patchConversation(id, (c) => ({ ...c, title: session.name }));
          return true;
        } catch {
          return false; // the API client showed the failure
        }
      },

      togglePin: async (id) => {
        const conversation = find(id);
        if (!conversation) return;
        try {
          const session = await updateConversation(id, { isPinned: !conversation.isPinned });
          set((state) => ({
            conversations: sortConversations(
              state.conversations.map((c) =>
                c.id === id ? { ...c, isPinned: session.isPinned, pinnedAt: session.pinnedAt } : c,
              ),
            ),
          }));
        } catch {
          // the API client showed the failure
        }
      },

      remove: async (id) => {
        try {
          await removeConversation(id);
        } catch {
          return false; // the API client showed the failure
        }
        if (get().streamingId === id) get().stop();
        set((state) => {
          const conversations = state.conversations.filter((c) => c.id !== id);
          const activeId = state.activeId === id ? (conversations[0]?.id ?? null) : state.activeId;
          return { conversations, activeId };
        });
        const { activeId } = get();
        if (activeId && find(activeId)?.history === 'unloaded') void loadHistory(activeId);
        return true;
      },

      send: async (text) => {
        const question = text.trim();
        if (!question || get().streamingId) return;
        if (!get().chatId) {
          notify('sendNoConfig');
          return;
        }
        let conversation = get().activeId ? find(get().activeId ?? '') : undefined;
        conversation ??= (await get().create()) ?? undefined;
        if (!conversation) return;
        const id = conversation.id;
        const current = find(id);
        if (!current) return;
        const firstQuestion = current.history === 'loaded' && !hasQuestion(current);
        const answer = assistantMessage('', { status: 'streaming', question });
        patchConversation(id, (c) => ({
          ...c,
          messages: [...c.messages, userMessage(question), answer],
        }));
        if (firstQuestion) void renameFromQuestion(id, question);
        await runStream(id, answer.id, question);
      },

      retry: async (messageId) => {
        const { activeId, streamingId } = get();
        if (!activeId || streamingId) return;
        const message = find(activeId)?.messages.find((m) => m.id === messageId);
        if (!message || message.isUser || !message.question) return;
        patchMessage(activeId, messageId, (m) => ({
          ...m,
          content: '',
          answerId: null,
          references: { prompts: [], docs: [] },
          status: 'streaming',
          failure: null,
        }));
        await runStream(activeId, messageId, message.question);
      },

      stop: () => {
        streamController?.abort();
      },

      destroy: () => {
        // a screen mounted again (React's strict mode does that) loads afresh
        signature = null;
        get().reset();
      },
    };
  });
}
