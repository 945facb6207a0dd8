import { Link } from '@tanstack/react-router'
import { MailCheck } from 'lucide-react'
import { type FormEvent, useRef, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { Input } from '../../../components/ui/input'
import { useToast } from '../../../components/ui/toast'
import { formFailureOf } from '../../../lib/form-failure'
import { useDocumentTitle } from '../../../lib/use-document-title'
import { useForgotPassword } from '../mail-api'
import { AuthPanel } from './auth-panel'

const linkClasses = 'font-medium text-accent-text underline-offset-4 hover:underline'

/**
 * /forgot-password: asks for the account's address and mails a reset link. The answer is the same
 * whether or not the address has an account, so the page says what happens if it does.
 */
export function ForgotPasswordPage() {
  useDocumentTitle('Forgot your password?')
  const [email, setEmail] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [sentTo, setSentTo] = useState<string | null>(null)
  const field = useRef<HTMLInputElement>(null)
  const forgot = useForgotPassword()
  const toast = useToast()

  function onSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault()
    if (forgot.isPending) return
    const address = email.trim()
    if (address === '') {
      setError('Enter the email address of your account.')
      field.current?.focus()
      return
    }
    forgot.mutate(
      { email: address },
      {
        onSuccess: () => setSentTo(address),
        onError: (failure) => {
          const shown = formFailureOf(failure, { email: [] })
          if (!shown)
            toast({ title: 'Error', message: 'Could not ask for a reset link', variant: 'destructive' })
          else setError(shown.message)
        },
      },
    )
  }

  return (
    <AuthPanel
      command="passwd --reset"
      title={sentTo ? 'Check your inbox' : 'Forgot your password?'}
      subtitle={
        sentTo
          ? 'If an account uses that address, a link to choose a new password is on its way.'
          : 'Enter the address of your account and we will mail you a link to choose a new one.'
      }
      footer={
        <>
          Remembered it?{' '}
          <Link to="/login" className={linkClasses}>
            Log in
          </Link>
        </>
      }
    >
      {sentTo ? (
        <div className="flex flex-col gap-4 text-sm text-muted" role="status">
          <p className="flex items-start gap-3 rounded-lg border border-line bg-surface-2 p-4 text-fg">
            <MailCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-text" />
            <span>
              We sent the link to <strong className="break-all">{sentTo}</strong> if it belongs to an account.
              It works once, for one hour, and setting the new password signs you out everywhere.
            </span>
          </p>
          <p>
            Nothing after a few minutes? Check your spam folder, or{' '}
            <button type="button" className={linkClasses} onClick={() => setSentTo(null)}>
              try another address
            </button>
            . You can also sign in with your username instead of your address.
          </p>
        </div>
      ) : (
        <form
          noValidate
          onSubmit={onSubmit}
          className="flex flex-col gap-5"
          aria-label="Ask for a reset link"
        >
          <Input
            ref={field}
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => {
              setEmail(event.target.value)
              setError(null)
            }}
            error={error ?? undefined}
          />
          <Button type="submit" size="lg" loading={forgot.isPending} className="w-full">
            Mail me a reset link
          </Button>
        </form>
      )}
    </AuthPanel>
  )
}
