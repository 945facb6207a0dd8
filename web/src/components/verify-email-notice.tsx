import type { MailRequestResponse } from '@bashboard/server/contract'
import { useMutation } from '@tanstack/react-query'
import { MailWarning } from 'lucide-react'
import type { ReactNode } from 'react'
import { ApiError, apiFetch } from '../lib/api-client'
import { Button } from './ui/button'
import { useToast } from './ui/toast'

/** POST /api/user/email/verification: a new link to the member's address. */
function useResendVerification() {
  return useMutation({
    mutationFn: () =>
      apiFetch<MailRequestResponse>('/api/user/email/verification', {
        method: 'POST',
        fallbackMessage: 'Could not send a new link',
      }),
  })
}

/** "Send a new link", saying where it went (or why not) in a toast. */
export function ResendVerificationButton({ size = 'md' }: { size?: 'sm' | 'md' }) {
  const resend = useResendVerification()
  const toast = useToast()
  return (
    <Button
      variant="secondary"
      size={size}
      loading={resend.isPending}
      onClick={() =>
        resend.mutate(undefined, {
          onSuccess: (answer) => toast({ title: 'Link sent', message: answer.message, variant: 'success' }),
          onError: (error) =>
            toast({
              title: 'Not sent',
              message: error instanceof ApiError ? error.message : 'Could not send a new link',
              variant: 'destructive',
            }),
        })
      }
    >
      Send a new link
    </Button>
  )
}

/**
 * Where an action waits for a verified address (applying; commenting on a site that says so): what
 * to do, the address the link went to, and a resend button.
 */
export function VerifyEmailNotice({ email, children }: { email: string; children: ReactNode }) {
  return (
    <div
      role="note"
      className="flex flex-col gap-3 rounded-lg border border-warning/40 bg-warning/10 p-4 text-sm text-fg sm:flex-row sm:items-center"
    >
      <MailWarning aria-hidden="true" className="size-5 shrink-0 text-warning" />
      <p className="min-w-0 flex-1">
        {children} We mailed a link to <strong className="break-all">{email}</strong>.
      </p>
      <ResendVerificationButton size="sm" />
    </div>
  )
}
