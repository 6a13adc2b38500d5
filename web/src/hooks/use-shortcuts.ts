/**
 * Keyboard shortcuts for the whole page: `/` focuses the search box (unless the user is typing in a
 * field), Escape clears the selection and the path (unless a control already used the key, e.g. the
 * search box closing its list).
 */
import { useEffect, type RefObject } from "react";

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  const tag = target.tagName;
  return tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || target.isContentEditable;
}

export function useShortcuts(search: RefObject<HTMLInputElement | null>, onEscape: () => void): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === "/" && !isTyping(event.target)) {
        event.preventDefault();
        search.current?.focus();
        search.current?.select();
      } else if (event.key === "Escape") {
        onEscape();
      }
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [search, onEscape]);
}
