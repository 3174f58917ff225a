// A block's props as the static rendering reads them, and the `data-*` attributes BlockNote
// writes for them.
import type { Block } from '@library/contract';

export type Props = Record<string, unknown>;

/** Prop values BlockNote leaves out of the DOM (each block's defaults). */
const propDefaults: Props = {
  backgroundColor: 'default',
  textColor: 'default',
  textAlignment: 'left',
  level: 1,
  isToggleable: false,
  checked: false,
  name: '',
  url: '',
  caption: '',
  showPreview: true,
  language: 'text',
  tone: 'info',
};

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

export function propsOf(block: Block): Props {
  const props = block['props'];
  return typeof props === 'object' && props !== null ? (props as Props) : {};
}

/** `data-*` attributes of the props that differ from their defaults, as BlockNote writes them. */
export function propAttributes(props: Props): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const [name, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === propDefaults[name]) continue;
    if (typeof value === 'object') continue;
    attributes[`data-${kebab(name)}`] = String(value);
  }
  return attributes;
}

export function childrenOf(block: Block): Block[] {
  const children = block['children'];
  return Array.isArray(children) ? (children as Block[]) : [];
}
