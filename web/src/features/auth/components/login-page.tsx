import { useDocumentTitle } from '../../../lib/use-document-title'
import { AuthPanel } from './auth-panel'
import { LoginFooter, LoginForm } from './login-form'
import { SocialButtons } from './social-buttons'

/** The /login screen. */
export function LoginPage() {
  useDocumentTitle('Login')
  return (
    <AuthPanel
      command="bashboard login"
      title="Welcome back"
      subtitle="Log in to vote, comment and share your own commands."
      footer={<LoginFooter />}
    >
      <LoginForm />
      <SocialButtons />
    </AuthPanel>
  )
}
