import { useEffect, useRef } from 'react'

/*
 * What a guest typed on a page (a comment, placeholder values) survives the trip through /login: while
 * they are a guest each change is kept in sessionStorage (this tab only), and the page takes it back
 * when it is next drawn, removing it, so a draft is used once. Members' drafts are never written.
 */

const PREFIX = 'bashboard.draft.'

/** Forgets the draft kept under `key` (after the text was sent, say). */
export function clearGuestDraft(key: string): void {
  try {
    sessionStorage.removeItem(PREFIX + key)
  } catch {
    // Storage can be off (a private window's policy); the draft is then simply not kept.
  }
}

function takeDraft(key: string): string | null {
  try {
    const kept = sessionStorage.getItem(PREFIX + key)
    if (kept !== null) sessionStorage.removeItem(PREFIX + key)
    return kept
  } catch {
    return null
  }
}

function keepDraft(key: string, draft: string): void {
  try {
    if (draft === '') sessionStorage.removeItem(PREFIX + key)
    else sessionStorage.setItem(PREFIX + key, draft)
  } catch {
    // As above: nothing kept.
  }
}

/**
 * Keeps `draft` (a string; '' for nothing) under `key` while `guest`, and hands a kept one to `restore`
 * once per key. Restoring happens after the first render, so a page the server drew hydrates as drawn.
 */
export function useGuestDraft(
  key: string,
  draft: string,
  guest: boolean,
  restore: (draft: string) => void,
): void {
  // The latest callback, without making the restore effect run again for a new function.
  const restoreRef = useRef(restore)
  useEffect(() => {
    restoreRef.current = restore
  })
  useEffect(() => {
    const kept = takeDraft(key)
    if (kept !== null) restoreRef.current(kept)
  }, [key])
  useEffect(() => {
    if (guest) keepDraft(key, draft)
  }, [key, draft, guest])
}
