import type { AuthResponse, SecondFactorRequired } from '@bashboard/server/contract'
import { Link, useNavigate } from '@tanstack/react-router'
import { useSetAtom } from 'jotai'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { Checkbox } from '../../../components/ui/checkbox'
import { FormError } from '../../../components/ui/form-error'
import { Input } from '../../../components/ui/input'
import { CurrentPasswordInput } from '../../../components/ui/password-input'
import { clearToastsAtom, useToast } from '../../../components/ui/toast'
import { type ReturnSearch, returnSearch, safeReturnPath } from '../../../lib/return-path'
import { needsSecondFactor, useLoginMutation } from '../api'
import { describeLoginError } from '../auth-errors'
import { PasskeySignIn } from './passkey-sign-in'
import { ProviderButtons } from './provider-buttons'
import { SecondFactorStep } from './second-factor-step'

interface LoginErrors {
  emailOrUsername?: string
  password?: string
}

const linkClasses = 'font-medium text-accent-text underline-offset-4 hover:underline'

/**
 * Sign-in with email or username and password, then, for a member with two-factor authentication, a
 * code or a passkey (SecondFactorStep); or with a passkey alone (PasskeySignIn). On success the user
 * goes back to `redirect`, the page that asked them to sign in, or to the home page.
 */
export function LoginForm({ redirect }: ReturnSearch) {
  const [emailOrUsername, setEmailOrUsername] = useState('')
  const [password, setPassword] = useState('')
  // Kept only on this screen: sessions always last one hour, so the box is never sent
  // (docs/product-rules.md#sign-in).
  const [rememberMe, setRememberMe] = useState(false)
  const [errors, setErrors] = useState<LoginErrors>({})
  // The challenge of a right password, while the second step is on screen.
  const [secondFactor, setSecondFactor] = useState<SecondFactorRequired['secondFactor'] | null>(null)
  // Why the member is back at the password (the second step's challenge expired).
  const [notice, setNotice] = useState<string | null>(null)
  const [backAtPassword, setBackAtPassword] = useState(0)
  const identifierRef = useRef<HTMLInputElement>(null)
  const passwordRef = useRef<HTMLInputElement>(null)
  const login = useLoginMutation()
  const navigate = useNavigate()
  const toast = useToast()
  const clearToasts = useSetAtom(clearToastsAtom)

  // Back from the second step: the password is what is missing now (the name is still filled in).
  useEffect(() => {
    if (backAtPassword > 0) passwordRef.current?.focus()
  }, [backAtPassword])

  function onSignedIn(auth: AuthResponse): void {
    // Earlier failures of this form are moot now.
    clearToasts()
    toast({
      title: 'Welcome back!',
      message: `Signed in as ${auth.user.username}.`,
      variant: 'success',
    })
    // Checked again where it is used: only a path of this site, never another host.
    void navigate({ href: safeReturnPath(redirect) ?? '/' })
  }

  function onSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault()
    if (login.isPending) return
    setNotice(null)
    const next: LoginErrors = {}
    if (emailOrUsername.trim() === '') next.emailOrUsername = 'Enter your email or username.'
    if (password === '') next.password = 'Enter your password.'
    setErrors(next)
    if (next.emailOrUsername || next.password) {
      ;(next.emailOrUsername ? identifierRef : passwordRef).current?.focus()
      return
    }

    login.mutate(
      { emailOrUsername: emailOrUsername.trim(), password },
      {
        onSuccess: (answer) => {
          if (!needsSecondFactor(answer)) {
            onSignedIn(answer)
            return
          }
          clearToasts()
          // The password has done its part; it is not kept while the code is asked for.
          setPassword('')
          setSecondFactor(answer.secondFactor)
        },
        onError: (error) => {
          toast({ ...describeLoginError(error), variant: 'destructive' })
          setPassword('')
          passwordRef.current?.focus()
        },
      },
    )
  }

  if (secondFactor) {
    return (
      <SecondFactorStep
        challenge={secondFactor}
        onSignedIn={onSignedIn}
        onRestart={(reason) => {
          setSecondFactor(null)
          setNotice(reason ?? null)
          setBackAtPassword((count) => count + 1)
        }}
      />
    )
  }

  // GitHub and Google are offered beside the password, not once it has been given.
  return (
    <>
      <ProviderButtons redirect={redirect} />
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-label="Log in">
        <Input
          ref={identifierRef}
          label="Email or username"
          name="emailOrUsername"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={emailOrUsername}
          onChange={(event) => setEmailOrUsername(event.target.value)}
          error={errors.emailOrUsername}
        />
        <CurrentPasswordInput
          ref={passwordRef}
          label="Password"
          value={password}
          onChange={(event) => {
            setPassword(event.target.value)
            setNotice(null)
          }}
          error={errors.password}
        />
        <Checkbox
          label="Remember me"
          name="rememberMe"
          checked={rememberMe}
          onChange={(event) => setRememberMe(event.target.checked)}
        />
        {notice ? <FormError>{notice}</FormError> : null}
        <Button type="submit" size="lg" loading={login.isPending} className="w-full">
          Log in
        </Button>
        <PasskeySignIn onSignedIn={onSignedIn} />
        {/* After the submit, in the page and in the tab order: name, Tab, password, Enter signs in. */}
        <p className="-mt-1 text-center text-sm">
          <a href="/forgot-password" className={linkClasses}>
            Forgot password?
          </a>
        </p>
      </form>
    </>
  )
}

/** "Don't have an account? Register" under the login card; the return address goes along. */
export function LoginFooter({ redirect }: ReturnSearch) {
  return (
    <>
      Don&apos;t have an account?{' '}
      <Link to="/register" search={returnSearch(redirect)} className={linkClasses}>
        Create an account
      </Link>
    </>
  )
}
