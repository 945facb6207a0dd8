import { TOKEN_LIMITS } from '@bashboard/server/contract/limits'
import { KeyRound } from 'lucide-react'
import { type FormEvent, useId, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { Checkbox } from '../../../components/ui/checkbox'
import { fieldClasses, Input } from '../../../components/ui/input'
import { ApiError } from '../../../lib/api-client'
import { cn } from '../../../lib/cn'
import {
  availableScopes,
  EXPIRY_OPTIONS,
  SCOPE_DESCRIPTIONS,
  type TokenExpiry,
  type TokenFormValues,
  type TokenScope,
  validateTokenForm,
} from '../token-validation'
import { useCreateAccessToken } from '../tokens-api'

const INITIAL: TokenFormValues = { name: '', scopes: ['read'], expiry: 90 }

export interface TokenCreateFormProps {
  /** Contributors and moderators may give a token the `post` scope; others never see it. */
  canPost: boolean
  /** Called with the new token string, which the page shows once. */
  onCreated: (token: string, name: string) => void
}

/**
 * Creates a personal access token: a name, one or more scopes (checkboxes) and an expiry. Checks the
 * form before sending; a name the user already has comes back from the server as a field error.
 */
export function TokenCreateForm({ canPost, onCreated }: TokenCreateFormProps) {
  const create = useCreateAccessToken()
  const [values, setValues] = useState<TokenFormValues>(INITIAL)
  const [errors, setErrors] = useState<ReturnType<typeof validateTokenForm>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const ids = { scopes: useId(), scopesError: useId(), expiry: useId() }
  const scopes = availableScopes(canPost)

  function toggleScope(scope: TokenScope, checked: boolean): void {
    setValues((current) => ({
      ...current,
      scopes: checked
        ? scopes.filter((entry) => entry === scope || current.scopes.includes(entry))
        : current.scopes.filter((entry) => entry !== scope),
    }))
    setErrors((current) => ({ ...current, scopes: undefined }))
  }

  function onSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault()
    setFailure(null)
    const found = validateTokenForm(values)
    setErrors(found)
    if (found.name || found.scopes) return
    const name = values.name.trim()
    create.mutate(
      {
        name,
        scopes: values.scopes,
        ...(values.expiry === 'never' ? {} : { expiresInDays: values.expiry }),
      },
      {
        onSuccess: ({ token }) => {
          setValues(INITIAL)
          onCreated(token, name)
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) setErrors({ name: error.message })
          else setFailure(error.message)
        },
      },
    )
  }

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Create an access token" className="flex flex-col gap-4">
      <Input
        label="Token name"
        name="name"
        value={values.name}
        maxLength={TOKEN_LIMITS.nameMaxLength + 10}
        autoComplete="off"
        placeholder="e.g. laptop CLI"
        hint={`What the token is for, so you can tell it apart later. Up to ${TOKEN_LIMITS.nameMaxLength} characters.`}
        error={errors.name}
        onChange={(event) => {
          const name = event.currentTarget.value
          setValues((current) => ({ ...current, name }))
          setErrors((current) => ({ ...current, name: undefined }))
        }}
      />

      <fieldset
        className="flex flex-col gap-2.5"
        aria-describedby={errors.scopes ? ids.scopesError : undefined}
        aria-invalid={errors.scopes ? true : undefined}
      >
        <legend className="mb-2 text-sm font-medium text-fg">Scopes</legend>
        {scopes.map((scope) => (
          <Checkbox
            key={scope}
            name="scopes"
            value={scope}
            checked={values.scopes.includes(scope)}
            onChange={(event) => toggleScope(scope, event.currentTarget.checked)}
            label={
              <>
                <span className="font-mono font-medium text-fg">{scope}</span>
                <span className="text-muted"> — {SCOPE_DESCRIPTIONS[scope]}</span>
              </>
            }
          />
        ))}
        {errors.scopes ? (
          <p id={ids.scopesError} className="text-xs font-medium text-danger">
            {errors.scopes}
          </p>
        ) : null}
        <p className="text-xs text-muted">
          No token can change your password, email or username, manage tokens or moderate, whatever its
          scopes.
        </p>
      </fieldset>

      <div className="flex flex-col gap-1.5 sm:max-w-60">
        <label htmlFor={ids.expiry} className="text-sm font-medium text-fg">
          Expiration
        </label>
        <select
          id={ids.expiry}
          name="expiry"
          value={String(values.expiry)}
          onChange={(event) => {
            const raw = event.currentTarget.value
            const expiry: TokenExpiry = raw === 'never' ? 'never' : (Number(raw) as TokenExpiry)
            setValues((current) => ({ ...current, expiry }))
          }}
          className={cn(fieldClasses, 'appearance-auto border-line')}
        >
          {EXPIRY_OPTIONS.map((option) => (
            <option key={String(option.value)} value={String(option.value)}>
              {option.label}
            </option>
          ))}
        </select>
      </div>

      {failure ? (
        <p
          role="alert"
          className="rounded-md border border-danger/40 bg-danger-soft px-3 py-2 text-sm text-danger"
        >
          {failure}
        </p>
      ) : null}

      <Button type="submit" loading={create.isPending} className="self-start">
        {create.isPending ? null : <KeyRound aria-hidden="true" className="size-4" />}
        {create.isPending ? 'Creating...' : 'Create token'}
      </Button>
    </form>
  )
}
