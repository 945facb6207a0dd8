import { useSearch } from '@tanstack/react-router'
import { useDocumentTitle } from '../../../lib/use-document-title'
import { AuthPanel } from './auth-panel'
import { ProviderButtons } from './provider-buttons'
import { RegisterFooter, RegisterForm } from './register-form'

/** The /register screen. */
export function RegisterPage() {
  useDocumentTitle('Register')
  // Validated by the route: a path of this site, or nothing.
  const { redirect } = useSearch({ from: '/register' })
  return (
    <AuthPanel
      command="bashboard register"
      title="Create your account"
      subtitle="Join developers and sysadmins sharing the commands they rely on."
      footer={<RegisterFooter redirect={redirect} />}
    >
      <ProviderButtons redirect={redirect} />
      <RegisterForm redirect={redirect} />
    </AuthPanel>
  )
}
