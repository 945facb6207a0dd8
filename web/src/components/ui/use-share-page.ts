import { useToast } from './toast'

/** What to share, and the toast shown when the link is copied instead ("Link copied!"). */
export interface SharePageInput {
  title: string
  text: string
  copiedTitle: string
  copiedMessage: string
}

/**
 * Returns a function that shares the current page with the device's share sheet, or, where there is
 * none, copies its URL to the clipboard and says so. Posts and blog articles share the same way.
 */
export function useSharePage(): (input: SharePageInput) => Promise<void> {
  const toast = useToast()
  return async ({ title, text, copiedTitle, copiedMessage }) => {
    const url = window.location.href
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, text, url })
      } catch {
        // Closing the share sheet rejects with AbortError; a cancelled share needs no message.
      }
      return
    }
    try {
      await navigator.clipboard.writeText(url)
      toast({ title: copiedTitle, message: copiedMessage, variant: 'success' })
    } catch {
      toast({ title: 'Copy failed', message: url, variant: 'destructive' })
    }
  }
}
