import { Link } from '@tanstack/react-router'
import { ContentPage } from './content-page'

/** /forgot-password: Bashboard sends no email, so this explains how to get back into an account. */
export function ForgotPasswordPage() {
  return (
    <ContentPage
      title="Forgot your password?"
      prompt="$ passwd --help"
      lead="Bashboard does not send email, so there is no reset link to wait for. Here is how to get back in."
    >
      <h2>Still signed in somewhere?</h2>
      <p>
        If a browser or device is still signed in, open Settings there, choose the Security tab and set a new
        password. Changing it signs out every other session.
      </p>
      <h2>Try your username</h2>
      <p>
        The <Link to="/login">login form</Link> accepts your username or your email address. Passwords are
        case sensitive, so check Caps Lock.
      </p>
      <h2>Ask support</h2>
      <p>
        Write to <a href="mailto:support@bashboard.dev">support@bashboard.dev</a> from the email address on
        your account, with your username. Once we have confirmed the account is yours, we set a temporary
        password and tell you how to change it. Nobody from Bashboard will ever ask you for your current
        password.
      </p>
      <p>
        Too many failed sign-ins lock the form for a while; waiting an hour lifts the lock. Back to the{' '}
        <Link to="/login">login page</Link>.
      </p>
    </ContentPage>
  )
}
