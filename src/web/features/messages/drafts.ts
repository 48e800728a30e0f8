import { useCallback, useSyncExternalStore } from 'react';

/**
 * What the user is typing to each conversation (keyed by the other user's id), kept outside the
 * components: the chat unmounts when its dialog closes or while its conversation cannot be shown,
 * and the text must survive that. Cleared at sign-out (`clearDrafts`).
 */
const drafts = new Map<string, string>();
const listeners = new Set<() => void>();

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const changed = () => listeners.forEach((listener) => listener());

export function getDraft(userId: string): string {
  return drafts.get(userId) ?? '';
}

export function setDraft(userId: string, text: string) {
  if (getDraft(userId) === text) return;
  if (text) drafts.set(userId, text);
  else drafts.delete(userId);
  changed();
}

/**
 * The draft to send, trimmed, and an empty box at once; nothing (the draft untouched) when it is
 * blank. Synchronous, so a second Enter right after the first finds the box empty and sends nothing.
 */
export function takeDraft(userId: string): string | null {
  const content = getDraft(userId).trim();
  if (!content) return null;
  setDraft(userId, '');
  return content;
}

export function clearDrafts() {
  if (drafts.size === 0) return;
  drafts.clear();
  changed();
}

/** The draft of the conversation with `userId` and its setter, for a controlled text box. */
export function useDraft(userId: string): [string, (text: string) => void] {
  const text = useSyncExternalStore(subscribe, () => getDraft(userId));
  const set = useCallback((value: string) => setDraft(userId, value), [userId]);
  return [text, set];
}
