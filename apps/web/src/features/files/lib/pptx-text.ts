// The text of a PowerPoint (.pptx) file, slide by slide in the presentation's order: the order
// comes from ppt/presentation.xml (its slide id list, resolved through its relationships), not
// from the part names, which keep their numbers when slides are moved.
import { strFromU8, unzipSync } from 'fflate';

export interface SlideText {
  /** 1-based position in the presentation */
  number: number;
  /** the slide's paragraphs, empty ones left out */
  paragraphs: string[];
}

function parseXml(text: string): Document {
  return new DOMParser().parseFromString(text, 'application/xml');
}

/**
 * Elements by local name, whatever their prefix. In these parts each name used here belongs to
 * one namespace only (a:p, a:t, p:sldId), and matching by name works in every XML parser.
 */
function elementsNamed(root: Document | Element, localName: string): Element[] {
  return Array.from(root.getElementsByTagName('*')).filter(
    (element) => element.tagName.replace(/^.*:/, '') === localName,
  );
}

function slideNumberOfPart(name: string): number {
  return Number(/slide(\d+)\.xml$/.exec(name)?.[1] ?? Number.MAX_SAFE_INTEGER);
}

/** Part names of the slides in presentation order. */
function slideOrder(files: Record<string, Uint8Array>): string[] {
  const parts = Object.keys(files)
    .filter((name) => /^ppt\/slides\/slide\d+\.xml$/.test(name))
    .sort((left, right) => slideNumberOfPart(left) - slideNumberOfPart(right));
  const presentation = files['ppt/presentation.xml'];
  const rels = files['ppt/_rels/presentation.xml.rels'];
  if (!presentation || !rels) return parts;

  const targets = new Map<string, string>();
  for (const rel of elementsNamed(parseXml(strFromU8(rels)), 'Relationship')) {
    const id = rel.getAttribute('Id');
    const target = rel.getAttribute('Target');
    if (id && target)
      targets.set(id, `ppt/${target.replace(/^\/?ppt\//, '').replace(/^\.\//, '')}`);
  }
  const ordered: string[] = [];
  // The slide ids are read from the text: their `r:id` is a namespaced attribute, which not every
  // XML parser keeps (happy-dom drops it).
  const sldIds = strFromU8(presentation).matchAll(/<(?:\w+:)?sldId\b([^>]*)>/g);
  for (const [, attributes = ''] of sldIds) {
    const rid = /\b\w+:id\s*=\s*"([^"]+)"/.exec(attributes)?.[1] ?? '';
    const target = targets.get(rid);
    if (target && files[target] && !ordered.includes(target)) ordered.push(target);
  }
  return ordered.length > 0 ? ordered : parts;
}

export function pptxSlideTexts(bytes: Uint8Array): SlideText[] {
  const files = unzipSync(bytes, {
    filter: (file) =>
      file.name === 'ppt/presentation.xml' ||
      file.name === 'ppt/_rels/presentation.xml.rels' ||
      /^ppt\/slides\/slide\d+\.xml$/.test(file.name),
  });
  return slideOrder(files).map((part, index) => {
    const document = parseXml(strFromU8(files[part] ?? new Uint8Array()));
    const paragraphs = elementsNamed(document, 'p')
      .map((paragraph) =>
        elementsNamed(paragraph, 't')
          .map((run) => run.textContent ?? '')
          .join('')
          .trim(),
      )
      .filter((text) => text.length > 0);
    return { number: index + 1, paragraphs };
  });
}
