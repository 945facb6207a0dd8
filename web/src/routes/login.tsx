import { createFileRoute } from '@tanstack/react-router'
import { LoginPage } from '../features/auth/components/login-page'
import { redirectSignedInHome } from '../features/auth/guards'

export const Route = createFileRoute('/login')({
  beforeLoad: redirectSignedInHome,
  component: LoginPage,
})
