import { type ReactNode, type RefObject, useLayoutEffect, useRef } from 'react';
import { LazyPart } from '@/components/lazy-part';

/**
 * A boundary (LazyPart) for a header control whose code loads late, that keeps the keyboard's place:
 * when the real control replaces its stand-in while the stand-in has focus, the browser leaves focus
 * on the page's body, and a keyboard user tabbing through the header lost their place
 * (keyboard.e2e.ts caught it on a loaded machine). The real control then takes the focus.
 */
export function FocusCarry({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const wrapper = useRef<HTMLSpanElement>(null);
  const focused = useRef(false);
  return (
    <span
      ref={wrapper}
      className="contents"
      onFocus={() => (focused.current = true)}
      // Moving on to another element clears it; a stand-in taken out of the page has no next element.
      onBlur={(event) => {
        if (event.relatedTarget) focused.current = false;
      }}
    >
      <LazyPart fallback={fallback}>
        {children}
        <GiveFocusBack wrapper={wrapper} focused={focused} />
      </LazyPart>
    </span>
  );
}

/** Mounted with the real control: focuses it if its stand-in had the focus and nothing else took it. */
function GiveFocusBack({ wrapper, focused }: { wrapper: RefObject<HTMLSpanElement | null>; focused: RefObject<boolean> }) {
  useLayoutEffect(() => {
    if (!focused.current) return;
    const active = document.activeElement;
    if (active && active !== document.body && wrapper.current?.contains(active) === false) return;
    wrapper.current?.querySelector<HTMLElement>('a[href], button')?.focus();
  }, [wrapper, focused]);
  return null;
}
