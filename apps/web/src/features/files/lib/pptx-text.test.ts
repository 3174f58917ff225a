import { describe, expect, it } from 'vitest';
import { strToU8, zipSync } from 'fflate';
import { pptxSlideTexts } from './pptx-text';

const a = 'http://schemas.openxmlformats.org/drawingml/2006/main';
const p = 'http://schemas.openxmlformats.org/presentationml/2006/main';
const r = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

function slide(...paragraphs: string[][]): Uint8Array {
  const body = paragraphs
    .map((runs) => `<a:p>${runs.map((run) => `<a:r><a:t>${run}</a:t></a:r>`).join('')}</a:p>`)
    .join('');
  return strToU8(
    `<?xml version="1.0" encoding="UTF-8"?><p:sld xmlns:a="${a}" xmlns:p="${p}"><p:cSld><p:spTree><p:sp><p:txBody>${body}</p:txBody></p:sp></p:spTree></p:cSld></p:sld>`,
  );
}

describe('pptx slide text', () => {
  it('reads every slide in the order of the presentation, not of the part names', () => {
    const bytes = zipSync({
      'ppt/presentation.xml': strToU8(
        `<p:presentation xmlns:p="${p}" xmlns:r="${r}"><p:sldIdLst><p:sldId id="256" r:id="rId3"/><p:sldId id="257" r:id="rId2"/></p:sldIdLst></p:presentation>`,
      ),
      'ppt/_rels/presentation.xml.rels': strToU8(
        `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId2" Type="slide" Target="slides/slide1.xml"/><Relationship Id="rId3" Type="slide" Target="slides/slide2.xml"/></Relationships>`,
      ),
      'ppt/slides/slide1.xml': slide(['第二张：', '结论']),
      'ppt/slides/slide2.xml': slide(['季度汇报'], [], ['收入增长 ', '12%']),
    });
    expect(pptxSlideTexts(bytes)).toEqual([
      { number: 1, paragraphs: ['季度汇报', '收入增长 12%'] },
      { number: 2, paragraphs: ['第二张：结论'] },
    ]);
  });

  it('falls back to the slide numbers when the presentation part is missing', () => {
    const bytes = zipSync({
      'ppt/slides/slide10.xml': slide(['十']),
      'ppt/slides/slide2.xml': slide(['二']),
      'ppt/slides/slide1.xml': slide(),
    });
    expect(pptxSlideTexts(bytes)).toEqual([
      { number: 1, paragraphs: [] },
      { number: 2, paragraphs: ['二'] },
      { number: 3, paragraphs: ['十'] },
    ]);
  });
});
