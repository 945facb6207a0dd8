import { ACCOUNT_MESSAGES } from '@bashboard/server/contract/limits'
import { ApiError } from '../../lib/api-client'
import type { FieldMessages } from '../../lib/form-failure'

export interface ErrorToast {
  title: string
  message: string
}

/** The server's refusals of a sign-up, by the field they go under (contract/limits' words). */
export const SIGNUP_FIELD_MESSAGES: FieldMessages<'username' | 'email' | 'password'> = {
  username: [ACCOUNT_MESSAGES.usernameRule, ACCOUNT_MESSAGES.usernameTaken],
  email: [ACCOUNT_MESSAGES.emailInvalid, ACCOUNT_MESSAGES.emailTaken],
  password: [ACCOUNT_MESSAGES.passwordTooShort, ACCOUNT_MESSAGES.passwordTooLong],
}

/**
 * The register screen's error catalogue (docs/product-rules.md#sign-in): title and message for a failed
 * signup. The form toasts it only when no answer about the input came (no response, a 5xx); a 4xx goes
 * under its field, or above Create Account with this message when the server gave none.
 */
export function describeSignupError(error: unknown): ErrorToast {
  if (!(error instanceof ApiError) || error.isNetworkError) {
    const message = error instanceof Error && error.message ? error.message : ''
    return { title: 'Registration Failed', message: message || 'Something went wrong. Please try again.' }
  }
  const server = error.serverMessage
  if (error.status === 400)
    return {
      title: 'Registration Error',
      message: server ?? 'Invalid registration data. Please check your inputs.',
    }
  if (error.status === 409) return { title: 'User Already Exists', message: server ?? 'User already exists!' }
  if (error.status === 422)
    return { title: 'Validation Error', message: server ?? 'Please check your input data.' }
  if (error.status >= 500) return { title: 'Server Error', message: 'Server error. Please try again later.' }
  // The seed gives other statuses no title; this one keeps the toast readable.
  return { title: 'Registration Failed', message: server ?? `Error: ${error.status}` }
}

/** The login screen's error toast. Any refusal reads the same, so it never tells which half was wrong. */
export function describeLoginError(error: unknown): ErrorToast {
  if (error instanceof ApiError && error.isNetworkError)
    return { title: 'Login Failed', message: error.message }
  // A rate limit says when to try again; hiding that would only invite more attempts.
  if (error instanceof ApiError && error.status === 429 && error.serverMessage)
    return { title: 'Login Failed', message: error.serverMessage }
  return { title: 'Login Failed', message: 'Invalid credentials. Please try again.' }
}
