import { ACCOUNT_LIMITS } from '@bashboard/server/contract/limits'
import { Link, useNavigate } from '@tanstack/react-router'
import { useSetAtom } from 'jotai'
import { type FormEvent, type RefObject, useRef, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { Checkbox } from '../../../components/ui/checkbox'
import { FormError } from '../../../components/ui/form-error'
import { Input } from '../../../components/ui/input'
import { PasswordInput } from '../../../components/ui/password-input'
import { clearToastsAtom, useToast } from '../../../components/ui/toast'
import { ApiError } from '../../../lib/api-client'
import { formFailureOf } from '../../../lib/form-failure'
import { type ReturnSearch, returnSearch, safeReturnPath } from '../../../lib/return-path'
import { useSignupMutation } from '../api'
import { describeSignupError, SIGNUP_FIELD_MESSAGES } from '../auth-errors'

type Field = 'username' | 'email' | 'password' | 'confirmPassword' | 'agreeToTerms'
type FieldErrors = Partial<Record<Field, string>>

const FIELD_ORDER: Field[] = ['username', 'email', 'password', 'confirmPassword', 'agreeToTerms']
const linkClasses = 'font-medium text-accent-text underline-offset-4 hover:underline'

/**
 * Account creation; the new member then goes back to `redirect`, the page that asked them to sign in,
 * or to the home page. Required fields and the matching passwords are checked here; the server checks
 * the rest, and its refusal shows under the field it names (or above the button when it names none).
 * Every error goes away when its field changes; only a lost connection or a 5xx is a toast.
 */
export function RegisterForm({ redirect }: ReturnSearch) {
  const [values, setValues] = useState({ username: '', email: '', password: '', confirmPassword: '' })
  const [agreeToTerms, setAgreeToTerms] = useState(false)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const refs: Record<Field, RefObject<HTMLInputElement | null>> = {
    username: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
    confirmPassword: useRef<HTMLInputElement>(null),
    agreeToTerms: useRef<HTMLInputElement>(null),
  }
  const signup = useSignupMutation()
  const navigate = useNavigate()
  const toast = useToast()
  const clearToasts = useSetAtom(clearToastsAtom)

  function update(field: keyof typeof values) {
    return (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [field]: event.target.value }))
      if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }))
      setFormError(null)
    }
  }

  function refuse(error: unknown): void {
    const shown = formFailureOf(error, SIGNUP_FIELD_MESSAGES)
    if (!shown) {
      toast({ ...describeSignupError(error), variant: 'destructive' })
      return
    }
    if (shown.field) {
      setErrors({ [shown.field]: shown.message })
      refs[shown.field].current?.focus()
      return
    }
    // A refusal without a message of its own still says what went wrong, in the catalogue's words.
    const silent = error instanceof ApiError && error.serverMessage === undefined
    setFormError(silent ? describeSignupError(error).message : shown.message)
  }

  function onSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault()
    if (signup.isPending) return
    setFormError(null)
    const next: FieldErrors = {}
    if (values.username.trim() === '') next.username = 'Choose a username.'
    if (values.email.trim() === '') next.email = 'Enter your email address.'
    if (values.password === '') next.password = 'Choose a password.'
    if (values.confirmPassword === '') next.confirmPassword = 'Type the password again.'
    if (!agreeToTerms) next.agreeToTerms = 'You need to accept the Terms of Service and Privacy Policy.'
    const firstInvalid = FIELD_ORDER.find((field) => next[field])
    if (firstInvalid) {
      setErrors(next)
      refs[firstInvalid].current?.focus()
      return
    }
    if (values.password !== values.confirmPassword) {
      // The spec's wording, under the field to fix rather than in a toast.
      setErrors({ confirmPassword: "Passwords don't match!" })
      refs.confirmPassword.current?.focus()
      return
    }
    setErrors({})
    signup.mutate(
      { username: values.username.trim(), email: values.email.trim(), password: values.password },
      {
        onSuccess: (auth) => {
          // Earlier failures of this form are moot now.
          clearToasts()
          toast({
            title: 'Welcome to Bashboard!',
            message: `Signed in as ${auth.user.username}.`,
            variant: 'success',
          })
          // Checked again where it is used: only a path of this site, never another host.
          void navigate({ href: safeReturnPath(redirect) ?? '/' })
        },
        onError: refuse,
      },
    )
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-label="Create account">
      <Input
        ref={refs.username}
        label="Username"
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        value={values.username}
        onChange={update('username')}
        error={errors.username}
        hint={`${ACCOUNT_LIMITS.usernameMinLength}–${ACCOUNT_LIMITS.usernameMaxLength} characters: letters, digits, _ and -.`}
      />
      <Input
        ref={refs.email}
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        value={values.email}
        onChange={update('email')}
        error={errors.email}
      />
      <PasswordInput
        ref={refs.password}
        label="Password"
        name="password"
        autoComplete="new-password"
        required
        value={values.password}
        onChange={update('password')}
        error={errors.password}
        hint={`At least ${ACCOUNT_LIMITS.passwordMinLength} characters.`}
      />
      <PasswordInput
        ref={refs.confirmPassword}
        label="Confirm Password"
        name="confirmPassword"
        autoComplete="new-password"
        required
        value={values.confirmPassword}
        onChange={update('confirmPassword')}
        error={errors.confirmPassword}
      />
      <Checkbox
        ref={refs.agreeToTerms}
        name="agreeToTerms"
        required
        checked={agreeToTerms}
        onChange={(event) => {
          setAgreeToTerms(event.target.checked)
          if (event.target.checked) setErrors((current) => ({ ...current, agreeToTerms: undefined }))
          setFormError(null)
        }}
        error={errors.agreeToTerms}
        label={
          <>
            I agree to the{' '}
            <a href="/terms" className={linkClasses}>
              Terms of Service
            </a>{' '}
            and{' '}
            <a href="/privacy" className={linkClasses}>
              Privacy Policy
            </a>
          </>
        }
      />
      {formError ? <FormError>{formError}</FormError> : null}
      <Button type="submit" size="lg" loading={signup.isPending} className="w-full">
        Create Account
      </Button>
    </form>
  )
}

/** "Already have an account? Log in" under the register card; the return address goes along. */
export function RegisterFooter({ redirect }: ReturnSearch) {
  return (
    <>
      Already have an account?{' '}
      <Link to="/login" search={returnSearch(redirect)} className={linkClasses}>
        Log in
      </Link>
    </>
  )
}
