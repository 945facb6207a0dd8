import { createFileRoute } from '@tanstack/react-router'
import { LoginPage } from '../features/auth/components/login-page'
import { redirectSignedIn } from '../features/auth/guards'
import { validateReturnSearch } from '../lib/return-path'

export const Route = createFileRoute('/login')({
  validateSearch: validateReturnSearch,
  beforeLoad: redirectSignedIn,
  component: LoginPage,
})
