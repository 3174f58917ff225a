// The callout block's tones and icons, kept apart from the block spec (callout-block.tsx) so the
// static rendering of a page can draw a callout without loading BlockNote.
import { calloutTones, type CalloutTone } from '@library/contract';

export const calloutToneIcons: Record<CalloutTone, string> = {
  info: '💡',
  warning: '⚠️',
  success: '✅',
  danger: '❗',
};

export function isCalloutTone(value: unknown): value is CalloutTone {
  return (calloutTones as readonly unknown[]).includes(value);
}

export function nextCalloutTone(tone: CalloutTone): CalloutTone {
  return calloutTones[(calloutTones.indexOf(tone) + 1) % calloutTones.length]!;
}
