import { ACCOUNT_LIMITS } from '@bashboard/server/contract/limits'
import { Link, useNavigate } from '@tanstack/react-router'
import { useSetAtom } from 'jotai'
import { type FormEvent, type RefObject, useRef, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { Checkbox } from '../../../components/ui/checkbox'
import { Input } from '../../../components/ui/input'
import { PasswordInput } from '../../../components/ui/password-input'
import { clearToastsAtom, useToast } from '../../../components/ui/toast'
import { useSignupMutation } from '../api'
import { describeSignupError } from '../auth-errors'

type Field = 'username' | 'email' | 'password' | 'confirmPassword' | 'agreeToTerms'
type FieldErrors = Partial<Record<Field, string>>

const FIELD_ORDER: Field[] = ['username', 'email', 'password', 'confirmPassword', 'agreeToTerms']
const linkClasses = 'font-medium text-accent-text underline-offset-4 hover:underline'

/** Account creation. Required fields are checked here; the server checks the rest and names the field. */
export function RegisterForm() {
  const [values, setValues] = useState({ username: '', email: '', password: '', confirmPassword: '' })
  const [agreeToTerms, setAgreeToTerms] = useState(false)
  const [errors, setErrors] = useState<FieldErrors>({})
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
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault()
    if (signup.isPending) return
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
      // The toast carries the spec's wording; the field only points at where to fix it.
      setErrors({ confirmPassword: 'Must match the password above.' })
      toast({ title: 'Password Mismatch', message: "Passwords don't match!", variant: 'destructive' })
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
          void navigate({ to: '/' })
        },
        onError: (error) => toast({ ...describeSignupError(error), variant: 'destructive' }),
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
      <Button type="submit" size="lg" loading={signup.isPending} className="w-full">
        Create Account
      </Button>
    </form>
  )
}

/** "Already have an account? Log in" under the register card. */
export function RegisterFooter() {
  return (
    <>
      Already have an account?{' '}
      <Link to="/login" className={linkClasses}>
        Log in
      </Link>
    </>
  )
}
