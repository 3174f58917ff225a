import {
  forwardRef,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type RefObject,
  type SyntheticEvent,
} from 'react';

type Handler = (event: SyntheticEvent, ...rest: unknown[]) => void;

/** The events antd's popups (Dropdown, Tooltip: rc-trigger underneath) listen to on a trigger. */
const triggerEvents = [
  'onClick',
  'onMouseDown',
  'onMouseEnter',
  'onMouseLeave',
  'onMouseMove',
  'onPointerEnter',
  'onPointerLeave',
  'onFocus',
  'onBlur',
  'onContextMenu',
  'onTouchStart',
  'onKeyDown',
] as const;
export type TriggerEvent = (typeof triggerEvents)[number];
type Handlers = Partial<Record<TriggerEvent, Handler>>;
type Attributes = Record<string, string | undefined>;

const isTriggerEvent = (name: string): name is TriggerEvent =>
  (triggerEvents as readonly string[]).includes(name);

/** What the slot hands back to the hook that owns the trigger element. */
interface SlotLink {
  element: RefObject<HTMLElement | null>;
  receive: (props: Record<string, unknown>) => void;
}

/**
 * Stands where a popup component expects its trigger child (`<Dropdown><TriggerSlot link={…} />
 * </Dropdown>`) and draws nothing: the popup gets the trigger element that is already on the
 * page as its target, and the handlers and class names it gives its child go to that element.
 */
export const TriggerSlot = forwardRef<HTMLElement, { link: SlotLink }>(function TriggerSlot(
  { link, ...props },
  ref,
) {
  // the element is on the page before the popup that renders this slot
  useImperativeHandle(ref, () => link.element.current as HTMLElement, [link]);
  useLayoutEffect(() => link.receive(props));
  return null;
});

/**
 * A trigger element — a button — that is drawn at once and stays the same element when the popup
 * belonging to it (antd's Dropdown or Tooltip, loaded on demand: useOnDemand) arrives. Wrapping
 * the button in the popup once it had loaded replaced the button: a press whose pointer went
 * down on the first and up on the second made no click, and the menu did not open (e2e
 * login.spec lost one press in four that way). Here the button keeps its place in the tree, and
 * the popup, rendered beside it, reaches it through a `TriggerSlot`:
 *
 * ```tsx
 * const slot = useTriggerSlot<HTMLButtonElement>();
 * <Button {...slot.triggerProps({ onClick })} />
 * {Dropdown && <Dropdown …><TriggerSlot link={slot.link} /></Dropdown>}
 * ```
 *
 * `triggerProps(own)` gives the element its ref, the popup's class names and aria attributes, and
 * for each event the element's own handler followed by the popup's.
 */
export function useTriggerSlot<E extends HTMLElement>() {
  const element = useRef<E | null>(null);
  const popupHandlers = useRef<Handlers>({});
  const [attributes, setAttributes] = useState<Attributes>({});

  const link = useMemo<SlotLink>(
    () => ({
      element,
      receive(props) {
        const handlers: Handlers = {};
        const next: Attributes = {};
        for (const [name, value] of Object.entries(props)) {
          if (typeof value === 'function') {
            if (isTriggerEvent(name)) handlers[name] = value as Handler;
          } else if (name === 'className' || name.startsWith('aria-')) {
            next[name] = typeof value === 'string' ? value : undefined;
          }
        }
        popupHandlers.current = handlers;
        setAttributes((current) => (sameAttributes(current, next) ? current : next));
      },
    }),
    [],
  );

  const triggerProps = (own: Handlers & { className?: string } = {}) => {
    const { className, ...ownHandlers } = own;
    const props: Record<string, unknown> = {
      ...attributes,
      ref: element,
      className: [className, attributes.className].filter(Boolean).join(' ') || undefined,
    };
    for (const name of triggerEvents) {
      props[name] = (event: SyntheticEvent, ...rest: unknown[]) => {
        (ownHandlers as Handlers)[name]?.(event, ...rest);
        popupHandlers.current[name]?.(event, ...rest);
      };
    }
    return props as { ref: RefObject<E | null>; className?: string } & Required<Handlers>;
  };

  return { link, triggerProps };
}

function sameAttributes(a: Attributes, b: Attributes) {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}
