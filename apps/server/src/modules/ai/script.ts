// 简体 ↔ 繁體 offline, with OpenCC: text, and BlockNote blocks whose formatting, links, mentions
// and code stay as they were. To Traditional is OpenCC's s2twp (Taiwan phrases: 软件 → 軟體) or
// s2hk (Hong Kong); to Simplified is tw2sp (mainland phrases: 軟體 → 软件) followed by hk2s, so
// Hong Kong variants (衞 → 卫) come out too, whichever region the text was written for.
//
// The conversions are OpenCC's own configurations rebuilt from its dictionaries: a segmentation
// into phrases, then each segment through a chain of dictionaries. Building them here rather than
// with `OpenCC.Converter` lets the two Traditional targets share their large Simplified →
// Traditional tables (~45 MB of heap each), and lets a block's text runs be converted as one text
// while each segment's result still lands in the run it came from (see `convertRuns`).
import type * as OpenCCToTraditional from 'opencc-js/cn2t';
import type * as OpenCCToSimplified from 'opencc-js/t2cn';
import type { Block } from '@library/contract';
import { isRecord } from '../../lib/block-text.js';
import { loadWhenNeeded } from '../../lib/load-when-needed.js';

export type ScriptTarget = 'traditional' | 'traditionalHk' | 'simplified';

/** The target of an editor action: `toTraditional` writes Taiwan's unless `instruction` is `hk`. */
export function scriptTargetOf(
  action: 'toTraditional' | 'toSimplified',
  instruction?: string,
): ScriptTarget {
  if (action === 'toSimplified') return 'simplified';
  return instruction?.trim().toLowerCase() === 'hk' ? 'traditionalHk' : 'traditional';
}

// --- OpenCC, built once per target on first use -------------------------------------------------

// the dictionaries (~1 MB of text) load with the first conversion, not at start-up
const toTraditionalPackage = loadWhenNeeded<typeof OpenCCToTraditional>('opencc-js/cn2t');
const toSimplifiedPackage = loadWhenNeeded<typeof OpenCCToSimplified>('opencc-js/t2cn');

type Trie = InstanceType<typeof OpenCCToTraditional.Trie>;
type DictLike = OpenCCToTraditional.DictLike;

/** One OpenCC configuration as its preset describes it (`normalizationChain` is not in its types). */
interface OpenCCConfig {
  normalizationChain?: ReadonlyArray<readonly DictLike[]>;
  segmentation?: DictLike | readonly DictLike[];
  conversionChain: ReadonlyArray<readonly DictLike[]>;
}

/** One pass of a conversion: characters normalised, the text cut into phrases, each converted. */
interface Stage {
  normalize: Trie[];
  segmentation: Trie | null;
  chain: Trie[];
  /** by code point: 1 for a character only the target script writes, -1 only the other one */
  weights: Int8Array;
}

const tries: Array<{ dicts: readonly DictLike[]; trie: Trie }> = [];

/** The trie of these dictionaries (the same ones, by identity, share one). */
function trieOf(dicts: readonly DictLike[]): Trie {
  const same = tries.find(
    (entry) =>
      entry.dicts.length === dicts.length && entry.dicts.every((dict, i) => dict === dicts[i]),
  );
  if (same) return same.trie;
  const trie = new (toTraditionalPackage().Trie)();
  trie.loadDictGroup(dicts);
  tries.push({ dicts, trie });
  return trie;
}

function stageOf(config: OpenCCConfig, toTraditional: boolean): Stage {
  const segmentation = config.segmentation;
  const { simplifiedOnly, traditionalOnly } = scriptCharacters();
  return {
    weights: weightsOf(
      toTraditional ? traditionalOnly : simplifiedOnly,
      toTraditional ? simplifiedOnly : traditionalOnly,
    ),
    normalize: (config.normalizationChain ?? []).map(trieOf),
    // as OpenCC builds it: a list of dictionaries, or one dictionary
    segmentation:
      segmentation === undefined
        ? null
        : trieOf(
            Array.isArray(segmentation) && segmentation.every((d) => typeof d === 'string')
              ? (segmentation as readonly DictLike[])
              : [segmentation as DictLike],
          ),
    chain: config.conversionChain.map(trieOf),
  };
}

const keysOf = (dict: DictLike | undefined) =>
  new Set(typeof dict === 'string' ? dict.split('|').map((entry) => entry.split(' ')[0]!) : []);

let characters: { simplifiedOnly: Set<string>; traditionalOnly: Set<string> } | null = null;
/**
 * The characters of one script that the other does not write: the keys of OpenCC's character
 * table of one direction that are not keys of the other's (乡 and 鄉, but not 里, a Simplified
 * character Traditional writes too in 公里).
 */
function scriptCharacters() {
  if (!characters) {
    const toTraditional = keysOf(toTraditionalPackage().Locale.from.cn?.[0]?.at(-1));
    const toSimplified = keysOf(toSimplifiedPackage().Locale.to.cn?.[0]?.at(-1));
    if (toTraditional.size < 1000 || toSimplified.size < 1000) {
      throw new Error("OpenCC's character tables are not where they were");
    }
    characters = {
      simplifiedOnly: new Set([...toTraditional].filter((c) => !toSimplified.has(c))),
      traditionalOnly: new Set([...toSimplified].filter((c) => !toTraditional.has(c))),
    };
  }
  return characters;
}

// the planes CJK characters are in (BMP, then the supplementary ideographic planes)
const weightedCodePoints = 0x40000;

function weightsOf(own: Set<string>, other: Set<string>): Int8Array {
  const weights = new Int8Array(weightedCodePoints);
  for (const [set, weight] of [
    [own, 1],
    [other, -1],
  ] as const) {
    for (const character of set) {
      const code = character.codePointAt(0)!;
      if (code < weightedCodePoints) weights[code] = weight;
    }
  }
  return weights;
}

function configOf(preset: { Locale: { configs: Record<string, unknown> } }, name: string) {
  const config = preset.Locale.configs[name];
  if (!isRecord(config)) throw new Error(`OpenCC has no ${name} configuration`);
  return config as unknown as OpenCCConfig;
}

/**
 * To Simplified from Taiwan's or Hong Kong's writing: tw2sp (Taiwan phrases back to the
 * mainland's, Taiwan variants to OpenCC's standard) with hk2s's Hong Kong variants folded in
 * before the Traditional → Simplified tables, in one pass over one segmentation (both use the
 * same), so what is kept as already Simplified is decided once.
 */
function fromEitherConfig(): OpenCCConfig {
  const tw = configOf(toSimplifiedPackage(), 'tw2sp');
  const hk = configOf(toSimplifiedPackage(), 'hk2s');
  const [twBack, toSimplified, ...twRest] = tw.conversionChain;
  const [hkBack, hkToSimplified, ...hkRest] = hk.conversionChain;
  const same = (a?: readonly DictLike[], b?: readonly DictLike[]) =>
    a !== undefined && b !== undefined && a.length === b.length && a.every((d, i) => d === b[i]);
  if (!twBack || !hkBack || !toSimplified || !same(toSimplified, hkToSimplified)) {
    throw new Error("OpenCC's tw2sp and hk2s are not the shape this code expects");
  }
  if (twRest.length > 0 || hkRest.length > 0) throw new Error('OpenCC added conversion steps');
  return { ...tw, conversionChain: [twBack, hkBack, toSimplified] };
}

const stages = new Map<ScriptTarget, Stage>();
function stageFor(target: ScriptTarget): Stage {
  let found = stages.get(target);
  if (!found) {
    found =
      target === 'simplified'
        ? stageOf(fromEitherConfig(), false)
        : stageOf(
            configOf(toTraditionalPackage(), target === 'traditional' ? 's2twp' : 's2hk'),
            true,
          );
    stages.set(target, found);
  }
  return found;
}

/**
 * Running sums over a text, by code unit: how far it leans to the target script (its own
 * characters less the other script's) and how many of its own characters it holds.
 */
interface Tally {
  leaning: Int32Array;
  own: Int32Array;
}

function tallyOf(stage: Stage, text: string): Tally {
  const leaning = new Int32Array(text.length + 1);
  const own = new Int32Array(text.length + 1);
  for (let i = 0; i < text.length; i += 1) {
    // a pair's low half reads as a lone surrogate, which weighs nothing
    const code = text.codePointAt(i)!;
    const weight = code < weightedCodePoints ? stage.weights[code]! : 0;
    leaning[i + 1] = leaning[i]! + weight;
    own[i + 1] = own[i]! + (weight > 0 ? 1 : 0);
  }
  return { leaning, own };
}

/**
 * The text from `start` to `end` (a phrase, or a stretch no phrase starts in) in the target
 * script. One already written in it stays as it is: more of its characters the target's own than
 * the other script's, or as many when the whole text leans to the target. OpenCC maps characters
 * both scripts write (里 → 裡, 征 → 徵, 程序 → 进程), so converting text twice, or a page partly in
 * the target script already, would otherwise change what was right.
 */
function convertSegment(stage: Stage, text: string, start: number, end: number, tally: Tally) {
  const segment = text.slice(start, end);
  const balance = tally.leaning[end]! - tally.leaning[start]!;
  const written =
    balance > 0 ||
    (balance === 0 && tally.leaning[text.length]! > 0 && tally.own[end]! > tally.own[start]!);
  if (written) return segment;
  return stage.chain.reduce((result, trie) => trie.convert(result), segment);
}

const normalized = (stage: Stage, text: string) =>
  stage.normalize.reduce((result, trie) => trie.convert(result), text);

const segmentsOf = (stage: Stage, text: string) =>
  stage.segmentation ? stage.segmentation.segment(text) : [text];

/**
 * The text in the target script as OpenCC's configuration converts it, except for the stretches
 * already written in the target script (`convertSegment`).
 */
export function convertText(text: string, target: ScriptTarget): string {
  return text === '' ? text : convertRuns([text], target)[0]!;
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/**
 * Runs of one text (a block's styled pieces) converted as the text they make together, so that a
 * phrase cut by formatting (`软` plain, `件` bold) still converts as a phrase. Each OpenCC segment
 * is converted whole; one that spans runs is split at the same places when its result keeps its
 * length (软件 → 軟體), else each run's piece of it is converted alone, so no character ever
 * moves into another run's formatting.
 */
export function convertRuns(runs: readonly string[], target: ScriptTarget): string[] {
  const stage = stageFor(target);
  // normalisation maps single characters, so it is the same run by run
  const texts = runs.map((run) => normalized(stage, run));
  const out = texts.map(() => '');
  const ends: number[] = [];
  let total = 0;
  for (const text of texts) ends.push((total += text.length));
  const joined = texts.join('');
  const tally = tallyOf(stage, joined);
  let start = 0;
  let run = 0;
  for (const segment of segmentsOf(stage, joined)) {
    const end = start + segment.length;
    while (ends[run]! <= start && run < texts.length - 1) run += 1;
    const converted = convertSegment(stage, joined, start, end, tally);
    if (end <= ends[run]!) {
      out[run] += converted;
    } else {
      // the cut points of the runs this segment spans, inside it
      const cuts: number[] = [];
      let last = run;
      while (ends[last]! < end) cuts.push(ends[last++]! - start);
      const aligned =
        converted.length === segment.length &&
        cuts.every((cut) => !isHighSurrogate(converted.charCodeAt(cut - 1)));
      let from = 0;
      for (const [i, cut] of [...cuts, segment.length].entries()) {
        out[run + i] += aligned
          ? converted.slice(from, cut)
          : convertSegment(stage, joined, start + from, start + cut, tally);
        from = cut;
      }
      run = last;
    }
    start = end;
  }
  return out;
}

// --- blocks --------------------------------------------------------------------------------------

/** A place in a block's copy holding text to convert. */
interface Slot {
  get(): string;
  set(text: string): void;
}

/** The blocks in the target script; ids, structure, links, mentions and code as they were. */
export function convertBlocks(blocks: readonly Block[], target: ScriptTarget): Block[] {
  const copy = structuredClone(blocks) as Block[];
  for (const block of copy) convertBlock(block, target);
  return copy;
}

function convertBlock(block: Record<string, unknown>, target: ScriptTarget) {
  // code is written in a language of its own; its comments too are left to their author
  if (block.type === 'codeBlock') return;
  const props = block.props;
  if (isRecord(props) && typeof props.caption === 'string' && props.caption !== '') {
    props.caption = convertText(props.caption, target);
  }
  const content = block.content;
  if (typeof content === 'string') {
    block.content = convertText(content, target);
  } else if (Array.isArray(content)) {
    convertInline(content, target);
  } else if (isRecord(content) && Array.isArray(content.rows)) {
    for (const row of content.rows) {
      if (!isRecord(row) || !Array.isArray(row.cells)) continue;
      for (const [index, cell] of row.cells.entries()) {
        if (typeof cell === 'string') row.cells[index] = convertText(cell, target);
        else if (Array.isArray(cell)) convertInline(cell, target);
        else if (isRecord(cell) && Array.isArray(cell.content)) convertInline(cell.content, target);
      }
    }
  }
  if (Array.isArray(block.children)) {
    for (const child of block.children) if (isRecord(child)) convertBlock(child, target);
  }
}

/**
 * A piece of inline content: its text converts together with its neighbours', across links;
 * inline code and anything that is not text (a mention shows a person's name) separate them.
 */
function convertInline(items: unknown[], target: ScriptTarget) {
  let group: Slot[] = [];
  const flush = () => {
    if (group.length === 0) return;
    const converted = convertRuns(
      group.map((slot) => slot.get()),
      target,
    );
    group.forEach((slot, i) => slot.set(converted[i]!));
    group = [];
  };
  const visit = (list: unknown[], index: number, inLink: boolean) => {
    const item = list[index];
    if (typeof item === 'string') {
      group.push({ get: () => item, set: (text) => (list[index] = text) });
    } else if (isRecord(item) && item.type === 'text' && typeof item.text === 'string') {
      if (isRecord(item.styles) && item.styles.code === true) flush();
      else group.push({ get: () => item.text as string, set: (text) => (item.text = text) });
    } else if (isRecord(item) && item.type === 'link' && !inLink) {
      const inner = item.content;
      if (typeof inner === 'string') {
        group.push({ get: () => inner, set: (text) => (item.content = text) });
      } else if (Array.isArray(inner)) {
        for (let i = 0; i < inner.length; i += 1) visit(inner, i, true);
      }
    } else {
      flush();
    }
  };
  for (let i = 0; i < items.length; i += 1) visit(items, i, false);
  flush();
}
