// The draft's save state machine: autosave ~1 s after the last edit, save at once on Ctrl/Cmd+S,
// one save in flight at a time, 'failed' keeps the edits for a retry, and a 409 (someone else
// saved first) stops autosaving until the user settles the conflict. The document is never
// dropped: `document` always answers what the user typed. The editor hands over a reader rather
// than its blocks, so a keystroke costs nothing here: the blocks are read when a save needs them.
import type { Block, BlockChange } from '@library/contract';
import { ApiError } from '../../../lib/api-client';
import { computeBlockChanges, fullReplaceChanges } from './block-changes';

export type SaveState = 'saved' | 'dirty' | 'saving' | 'failed' | 'conflict';

export interface PageSaverOptions {
  save: (baseRevision: number, changes: BlockChange[]) => Promise<{ revision: number }>;
  onChange: (state: SaveState) => void;
  delayMs?: number;
}

export const autosaveDelayMs = 1000;

export function isConflict(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 409 || error.code === 100006);
}

export class PageSaver {
  private snapshot: Block[] = [];
  /** the editor's own form of the loaded blocks, not read yet (see rebase) */
  private rebased: (() => Block[]) | null = null;
  private current: Block[] = [];
  /** the editor's document, not read yet */
  private unread: (() => Block[]) | null = null;
  /** raised by every edit, so a save knows whether more was typed while it ran */
  private edits = 0;
  private revision = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private inFlight: Promise<void> | null = null;
  private state: SaveState = 'saved';
  /** a full replace to send instead of the diff (keeping one's own version after a conflict) */
  private replace: Block[] | null = null;
  private readonly delayMs: number;

  constructor(private readonly options: PageSaverOptions) {
    this.delayMs = options.delayMs ?? autosaveDelayMs;
  }

  get saveState(): SaveState {
    return this.state;
  }

  get document(): Block[] {
    if (this.unread) {
      this.current = this.unread();
      this.unread = null;
    }
    return this.current;
  }

  get baseRevision(): number {
    return this.revision;
  }

  /** Starts over from a document the server holds at `revision`. */
  load(blocks: Block[], revision: number): void {
    this.clearTimer();
    this.snapshot = blocks;
    this.rebased = null;
    this.current = blocks;
    this.unread = null;
    this.revision = revision;
    this.replace = null;
    this.setState('saved');
  }

  /**
   * The editor's own form of the loaded document (BlockNote fills in default props and may add
   * an empty paragraph): the saved state is the server's blocks as the editor writes them, so an
   * untouched block is never sent. Blocks the server does not have stay out of the snapshot.
   * A reader of them (of the document as the editor loaded it, not as it is now) is read only
   * when a save or the document needs it: converting a long document costs.
   */
  rebase(blocks: Block[] | (() => Block[])): void {
    if (this.state !== 'saved') return;
    let read: Block[] | null = typeof blocks === 'function' ? null : blocks;
    const once = () => (read ??= (blocks as () => Block[])());
    this.rebased = once;
    this.unread = once;
  }

  /** The editor's document changed: its blocks, or a reader of them. */
  edit(blocks: Block[] | (() => Block[])): void {
    if (typeof blocks === 'function') this.unread = blocks;
    else {
      this.current = blocks;
      this.unread = null;
    }
    this.edits += 1;
    if (this.state === 'conflict') return;
    if (this.state !== 'saving') this.setState('dirty');
    this.schedule();
  }

  /** Ctrl/Cmd+S and the retry button. */
  saveNow(): Promise<void> {
    this.clearTimer();
    if (this.state === 'conflict') return Promise.resolve();
    if (this.inFlight) {
      // save again once the running save is done, with whatever was typed meanwhile
      return this.inFlight.then(() => this.saveNow());
    }
    const sent = this.document;
    const sentEdits = this.edits;
    const changes = this.replace
      ? fullReplaceChanges(this.replace, sent)
      : computeBlockChanges(this.savedBlocks(), sent);
    if (changes.length === 0) {
      this.setState('saved');
      return Promise.resolve();
    }
    this.setState('saving');
    this.inFlight = this.options
      .save(this.revision, changes)
      .then(({ revision }) => {
        this.snapshot = sent;
        this.revision = revision;
        this.replace = null;
        if (this.edits === sentEdits) this.setState('saved');
        else {
          this.setState('dirty');
          this.schedule();
        }
      })
      .catch((error: unknown) => {
        this.setState(isConflict(error) ? 'conflict' : 'failed');
      })
      .finally(() => {
        this.inFlight = null;
      });
    return this.inFlight;
  }

  /** Conflict settled by keeping one's own document over the server's draft at `revision`. */
  keepMine(serverBlocks: Block[], revision: number): Promise<void> {
    this.revision = revision;
    this.replace = serverBlocks;
    this.snapshot = serverBlocks;
    this.rebased = null;
    this.setState('dirty');
    return this.saveNow();
  }

  hasUnsavedChanges(): boolean {
    return this.state !== 'saved';
  }

  dispose(): void {
    this.clearTimer();
  }

  /** The blocks as last saved (the editor's form of them once it has loaded them). */
  private savedBlocks(): Block[] {
    if (this.rebased) {
      const known = new Set(this.snapshot.map((block) => block.id));
      this.snapshot = this.rebased().filter((block) => known.has(block.id));
      this.rebased = null;
    }
    return this.snapshot;
  }

  private schedule(): void {
    this.clearTimer();
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.saveNow();
    }, this.delayMs);
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private setState(state: SaveState): void {
    if (state === this.state) return;
    this.state = state;
    this.options.onChange(state);
  }
}
