import type { MailCadence, MailPreferences, UpdateMailPreferencesBody } from '@bashboard/server/contract'
import { useQuery } from '@tanstack/react-query'
import { BadgeCheck } from 'lucide-react'
import { useId, useState } from 'react'
import { Checkbox } from '../../../components/ui/checkbox'
import { LoadFailed } from '../../../components/ui/load-failed'
import { Loading } from '../../../components/ui/spinner'
import { useToast } from '../../../components/ui/toast'
import { VerifyEmailNotice } from '../../../components/verify-email-notice'
import { mailPreferencesQueryOptions, useUpdateMailPreferences } from '../mail-api'

const CADENCES: readonly { value: MailCadence; label: string }[] = [
  { value: 'immediate', label: 'Right away' },
  { value: 'daily', label: 'Once a day' },
  { value: 'off', label: 'Never' },
]

/** One radio group of a cadence (replies, mentions). */
function CadenceChoice(props: {
  legend: string
  hint: string
  value: MailCadence
  disabled: boolean
  onChange: (value: MailCadence) => void
}) {
  const name = useId()
  return (
    <fieldset className="flex flex-col gap-2" disabled={props.disabled}>
      <legend className="text-sm font-medium text-fg">{props.legend}</legend>
      <p className="text-xs text-muted">{props.hint}</p>
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {CADENCES.map((cadence) => (
          <label key={cadence.value} className="flex cursor-pointer items-center gap-2 text-sm text-fg">
            <input
              type="radio"
              name={name}
              value={cadence.value}
              checked={props.value === cadence.value}
              onChange={() => props.onChange(cadence.value)}
              className="size-4 cursor-pointer accent-(--bb-accent)"
            />
            {cadence.label}
          </label>
        ))}
      </div>
    </fieldset>
  )
}

/**
 * Settings → Email: whether the address is verified (with a new link when not), and what the site
 * mails about, each change saved as it is made. Account mail (verification, resets, an address
 * change) has no switch: it is how the account stays the member's.
 */
export function MailSettingsPanel() {
  const preferences = useQuery(mailPreferencesQueryOptions())
  const update = useUpdateMailPreferences()
  const toast = useToast()
  // The change being saved, held from the click itself: the mutation's own state reaches the render a
  // tick later, and a controlled radio would meanwhile flick back to the old choice.
  const [saving, setSaving] = useState<UpdateMailPreferencesBody | null>(null)

  if (preferences.isPending) return <Loading label="Loading email settings..." />
  if (preferences.isError) {
    return (
      <LoadFailed
        message="Failed to load email settings"
        onRetry={() => void preferences.refetch()}
        retrying={preferences.isFetching}
      />
    )
  }
  // The change being saved shows at once; the answer (or a failure) settles it.
  const current: MailPreferences = { ...preferences.data, ...saving }

  function save(change: UpdateMailPreferencesBody): void {
    setSaving(change)
    update.mutate(change, {
      onSettled: () => setSaving(null),
      onError: () =>
        toast({ title: 'Not saved', message: 'Failed to save email settings', variant: 'destructive' }),
    })
  }

  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="mail-address-heading" className="flex flex-col gap-3">
        <h2 id="mail-address-heading" className="text-sm font-semibold text-fg">
          Your address
        </h2>
        {current.emailVerified ? (
          <p className="flex items-center gap-2 text-sm text-fg">
            <BadgeCheck aria-hidden="true" className="size-4 text-accent-text" />
            <span className="break-all">{current.email}</span>
            <span className="text-muted">· verified</span>
          </p>
        ) : (
          <VerifyEmailNotice email={current.email}>
            Your address is not verified yet: follow the link in our mail to apply as a contributor and to get
            the mail below.
          </VerifyEmailNotice>
        )}
      </section>

      <section aria-labelledby="mail-kinds-heading" className="flex flex-col gap-5 border-t border-line pt-5">
        <div className="flex items-baseline justify-between gap-3">
          <h2 id="mail-kinds-heading" className="text-sm font-semibold text-fg">
            What we mail you
          </h2>
          <p className="text-xs text-muted" role="status" aria-live="polite">
            {update.isPending ? 'Saving…' : update.isSuccess ? 'Saved' : ''}
          </p>
        </div>
        <CadenceChoice
          legend="Replies to your comments"
          hint="A mail per reply, or one digest a day of those you have not read on the site."
          value={current.replies}
          disabled={update.isPending}
          onChange={(replies) => save({ replies })}
        />
        <CadenceChoice
          legend="@mentions of you"
          hint="When someone names you in a comment."
          value={current.mentions}
          disabled={update.isPending}
          onChange={(mentions) => save({ mentions })}
        />
        <Checkbox
          label="The moderators' decision on my contributor application"
          checked={current.applications}
          disabled={update.isPending}
          onChange={(event) => save({ applications: event.target.checked })}
        />
        <Checkbox
          label="A weekly digest of the best new commands"
          checked={current.weeklyDigest}
          disabled={update.isPending}
          onChange={(event) => save({ weeklyDigest: event.target.checked })}
        />
        <p className="text-xs text-muted">
          Mail about your account itself (verifying an address, resetting your password, a changed address) is
          always sent. Every other mail has a one-click unsubscribe link at its bottom.
        </p>
      </section>
    </div>
  )
}
