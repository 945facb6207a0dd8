import { useSearch } from '@tanstack/react-router'
import { useDocumentTitle } from '../../../lib/use-document-title'
import { AuthPanel } from './auth-panel'
import { LoginFooter, LoginForm } from './login-form'

/** The /login screen. */
export function LoginPage() {
  useDocumentTitle('Login')
  // Validated by the route: a path of this site, or nothing.
  const { redirect } = useSearch({ from: '/login' })
  return (
    <AuthPanel
      command="bashboard login"
      title="Welcome back"
      subtitle="Log in to vote, comment and share your own commands."
      footer={<LoginFooter redirect={redirect} />}
    >
      <LoginForm redirect={redirect} />
    </AuthPanel>
  )
}
