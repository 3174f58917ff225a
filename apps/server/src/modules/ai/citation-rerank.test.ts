import type { FastifyLogFn } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeOpenAiServer } from '../../../test/fakes/openai.js';
import { buildPassage } from '../../../test/factories.js';
import { citedSpot } from './citation.js';
import { citedByRerank, rerankedSentences } from './citation-rerank.js';
import type { ActiveProvider } from './provider.service.js';

let fake: FakeOpenAiServer;
beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.rerank = { kind: 'score', score: (_query, _document, index) => -index };
});

function provider(rerankModel: string | null): ActiveProvider {
  return {
    row: { rerankModel } as ActiveProvider['row'],
    endpoint: { baseUrl: fake.baseUrl, apiKey: null },
  };
}

const warnings: string[] = [];
const log = {
  warn: ((...args: unknown[]) => void warnings.push(args.map(String).join(' '))) as FastifyLogFn,
};

/** A passage of four sentences, each a block; the citation model alone cites the third
 *  (it names 皇后 and 皇帝), while the answer is in the first. */
const text =
  '高英，北魏宣武帝元恪的第二任皇后，渤海蓨县人，出身渤海高氏。' +
  '她的父亲高偃是文昭皇后高照容的弟弟，高英因此是宣武帝的表妹。' +
  '正始五年，于皇后去世，高英被立为皇后，性情嫉妒，宫中嫔妃多被压制，很少有人能为皇帝生育子女。' +
  '延昌四年宣武帝去世后，胡充华的儿子元诩即位，是为孝明帝，高英被迫出家为尼，不久被胡太后害死。';
const empress = {
  ...buildPassage(text, '高英'),
  blockIds: ['b1', 'b2', 'b3', 'b4'],
  blockStarts: [0, 30, 60, 106],
};
const wall = buildPassage('长城始建于春秋战国时期。明长城东起鸭绿江，西至嘉峪关。');
const question = '高英是哪位皇帝的皇后？';

describe('citedByRerank', () => {
  it("cites the sentence the rerank model ranks first among each passage's likeliest", async () => {
    expect(citedSpot(empress, question).blockId).toBe('b3');
    fake.rerank = {
      kind: 'score',
      score: (_query, document) => (/第二任皇后|东起/.test(document) ? 1 : 0),
    };
    const chosen = await citedByRerank(provider('bge-reranker'), question, [empress, wall], {
      log,
    });
    expect(chosen).toEqual([0, wall.text.indexOf('明长城')]);
    // one call: each passage's likeliest sentences after its title
    expect(fake.requests).toHaveLength(1);
    const body = fake.requests[0]!.body as { model: string; query: string; documents: string[] };
    expect(body.model).toBe('bge-reranker');
    expect(body.query).toBe(question);
    expect(body.documents).toHaveLength(rerankedSentences + 2);
    expect(body.documents.slice(0, rerankedSentences).map((d) => d.split('\n')[0])).toEqual([
      '高英',
      '高英',
      '高英',
    ]);
    expect(body.documents).toContain(
      '高英\n她的父亲高偃是文昭皇后高照容的弟弟，高英因此是宣武帝的表妹。',
    );
    expect(body.documents).toContain('长城\n明长城东起鸭绿江，西至嘉峪关。');

    // the reference then points at that sentence's block, and its snippet starts with it
    const spot = citedSpot(empress, question, chosen[0]);
    expect(spot.blockId).toBe('b1');
    expect(spot.snippet).toMatch(/^高英，北魏宣武帝元恪的第二任皇后/);
  });

  it('maps the answer back past passages with a single sentence', async () => {
    const single = buildPassage('故宫旧称紫禁城。', '故宫');
    fake.rerank = {
      kind: 'score',
      score: (_query, document) => (/第二任皇后|东起/.test(document) ? 1 : 0),
    };
    const chosen = await citedByRerank(provider('r'), question, [single, empress, single, wall], {
      log,
    });
    expect(chosen).toEqual([undefined, 0, undefined, wall.text.indexOf('明长城')]);
    const body = fake.requests[0]!.body as { documents: string[] };
    expect(body.documents).toHaveLength(rerankedSentences + 2);
  });

  it('gives up when the answer is stopped, instead of falling back', async () => {
    const stop = new AbortController();
    stop.abort(new Error('stopped'));
    await expect(
      citedByRerank(provider('r'), question, [empress], { log, signal: stop.signal }),
    ).rejects.toThrow();
  });

  it("keeps the citation model's choice without a rerank model, for a one-sentence passage and when the call fails", async () => {
    const single = buildPassage('故宫旧称紫禁城。', '故宫');
    expect(await citedByRerank(provider(null), question, [empress], { log })).toEqual([undefined]);
    expect(await citedByRerank(null, question, [empress], { log })).toEqual([undefined]);
    expect(await citedByRerank(provider('r'), question, [single], { log })).toEqual([undefined]);
    expect(fake.requests).toHaveLength(0);

    fake.rerank = { kind: 'status', status: 503 };
    expect(await citedByRerank(provider('r'), question, [empress, single], { log })).toEqual([
      undefined,
      undefined,
    ]);
    expect(fake.requests).toHaveLength(1);
    expect(warnings.at(-1)).toContain('rerank of cited sentences failed');
    expect(citedSpot(empress, question, undefined).blockId).toBe('b3');
  });
});
