import type { RecoveryCodesResponse, TotpEnrolment } from '@bashboard/server/contract'
import { useQuery } from '@tanstack/react-query'
import { ShieldCheck, ShieldOff } from 'lucide-react'
import { useState } from 'react'
import { Button } from '../../../components/ui/button'
import { FormError } from '../../../components/ui/form-error'
import { LoadFailed } from '../../../components/ui/load-failed'
import { Loading } from '../../../components/ui/spinner'
import { useToast } from '../../../components/ui/toast'
import { formatDay } from '../../../lib/format-day'
import { secondFactorQueryOptions, useStartTotpEnrolment } from '../second-factor-api'
import { RecoveryCodesNotice } from './recovery-codes-notice'
import { NewRecoveryCodesDialog, TurnOffTwoFactorDialog } from './second-factor-dialogs'
import { TotpEnrolmentForm } from './totp-enrolment-form'

/** Left at or below this many recovery codes, the section says to make new ones. */
const FEW_RECOVERY_CODES = 3

type View =
  | { kind: 'status' }
  | { kind: 'enrolling'; enrolment: TotpEnrolment }
  | { kind: 'codes'; codes: string[]; title: string }

type OpenDialog = 'turn-off' | 'new-codes' | null

/**
 * Settings → Security → Two-factor authentication (docs/product-rules.md#second-factor): set up an
 * authenticator app (QR code or setup key, then a code), the recovery codes shown once, new recovery
 * codes, and turning it off.
 */
export function TwoFactorSection({ username }: { username: string }) {
  const status = useQuery(secondFactorQueryOptions())
  const start = useStartTotpEnrolment()
  const toast = useToast()
  const [view, setView] = useState<View>({ kind: 'status' })
  const [dialog, setDialog] = useState<OpenDialog>(null)
  const [startProblem, setStartProblem] = useState<string | null>(null)

  function startEnrolment(): void {
    setStartProblem(null)
    start.mutate(undefined, {
      onSuccess: (enrolment) => setView({ kind: 'enrolling', enrolment }),
      onError: (failure) => {
        // Already on elsewhere (another tab): show the truth.
        void status.refetch()
        setStartProblem(failure.message)
      },
    })
  }

  function showCodes(answer: RecoveryCodesResponse, title: string): void {
    setDialog(null)
    setView({ kind: 'codes', codes: answer.recoveryCodes, title })
  }

  if (view.kind === 'enrolling') {
    return (
      <TotpEnrolmentForm
        enrolment={view.enrolment}
        onCancel={() => setView({ kind: 'status' })}
        onEnabled={(answer) => {
          toast({
            title: 'Two-factor authentication is on',
            message: 'Signing in now asks for a code from your app.',
            variant: 'success',
          })
          showCodes(answer, 'Two-factor authentication is on: save your recovery codes')
        }}
      />
    )
  }
  if (view.kind === 'codes') {
    return (
      <RecoveryCodesNotice
        codes={view.codes}
        username={username}
        title={view.title}
        onDone={() => setView({ kind: 'status' })}
      />
    )
  }

  if (status.isPending) return <Loading label="Loading two-factor authentication..." />
  if (status.isError) {
    return (
      <LoadFailed
        message="Failed to load two-factor authentication"
        onRetry={() => void status.refetch()}
        retrying={status.isFetching}
      />
    )
  }

  const { totp, recoveryCodesRemaining } = status.data
  return (
    <div className="flex flex-col gap-4">
      {totp.enabled ? (
        <>
          <p className="flex items-start gap-2 text-sm text-fg">
            <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent-text" />
            <span>
              <span className="font-medium">On</span>
              {totp.enabledAt ? (
                <>
                  {' '}
                  since <time dateTime={totp.enabledAt}>{formatDay(totp.enabledAt)}</time>
                </>
              ) : null}
              . Signing in asks for a code from your authenticator app.
            </span>
          </p>
          <p className="text-sm text-muted">
            {recoveryCodesRemaining === 1
              ? '1 recovery code left.'
              : `${recoveryCodesRemaining} recovery codes left.`}
            {recoveryCodesRemaining <= FEW_RECOVERY_CODES ? ' Make new ones before you run out.' : null}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => setDialog('new-codes')}>
              New recovery codes
            </Button>
            <Button variant="ghost" onClick={() => setDialog('turn-off')}>
              Turn off
            </Button>
          </div>
        </>
      ) : (
        <>
          <p className="flex items-start gap-2 text-sm text-muted">
            <ShieldOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>
              Off. Add a second step to signing in: a 6-digit code from an authenticator app on your phone, so
              your password alone is not enough.
            </span>
          </p>
          {startProblem ? <FormError>{startProblem}</FormError> : null}
          <Button className="self-start" loading={start.isPending} onClick={startEnrolment}>
            Set up two-factor authentication
          </Button>
        </>
      )}
      {dialog === 'turn-off' ? (
        <TurnOffTwoFactorDialog
          onClose={() => setDialog(null)}
          onTurnedOff={() => {
            setDialog(null)
            toast({
              title: 'Two-factor authentication is off',
              message: 'Signing in asks for your password only.',
              variant: 'success',
            })
          }}
        />
      ) : null}
      {dialog === 'new-codes' ? (
        <NewRecoveryCodesDialog
          onClose={() => setDialog(null)}
          onMade={(answer) => showCodes(answer, 'New recovery codes: save them')}
        />
      ) : null}
    </div>
  )
}
