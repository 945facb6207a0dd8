import { createFileRoute } from '@tanstack/react-router'
import { RegisterPage } from '../features/auth/components/register-page'
import { redirectSignedIn } from '../features/auth/guards'
import { validateReturnSearch } from '../lib/return-path'

export const Route = createFileRoute('/register')({
  validateSearch: validateReturnSearch,
  beforeLoad: redirectSignedIn,
  component: RegisterPage,
})
