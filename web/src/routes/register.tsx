import { createFileRoute } from '@tanstack/react-router'
import { RegisterPage } from '../features/auth/components/register-page'
import { redirectSignedInHome } from '../features/auth/guards'

export const Route = createFileRoute('/register')({
  beforeLoad: redirectSignedInHome,
  component: RegisterPage,
})
