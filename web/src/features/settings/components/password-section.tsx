import { useQuery } from '@tanstack/react-query'
import { LoadFailed } from '../../../components/ui/load-failed'
import { Loading } from '../../../components/ui/spinner'
import { linkedIdentitiesQueryOptions } from '../identity-api'
import { FirstPasswordForm } from './first-password-form'
import { SecurityForm } from './security-form'

/**
 * Settings → Security's password: "Change password" for an account that has one, "Set a password"
 * for one made through GitHub or Google (it has no current password to give).
 */
export function PasswordSection() {
  const linked = useQuery(linkedIdentitiesQueryOptions())
  const hasPassword = linked.data?.hasPassword
  return (
    <section aria-labelledby="password-heading" className="flex flex-col gap-3">
      <h2 id="password-heading" className="text-sm font-semibold text-fg">
        {hasPassword === false ? 'Set a password' : 'Change password'}
      </h2>
      {linked.isError ? (
        <LoadFailed
          message="Failed to load your password settings"
          onRetry={() => void linked.refetch()}
          retrying={linked.isFetching}
        />
      ) : hasPassword === undefined ? (
        <Loading label="Loading password settings..." />
      ) : hasPassword ? (
        <SecurityForm />
      ) : (
        <FirstPasswordForm />
      )}
    </section>
  )
}
