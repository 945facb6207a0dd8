import { createFileRoute } from '@tanstack/react-router'
import { TermsPage } from '../features/content/components/terms-page'

export const Route = createFileRoute('/terms')({ component: TermsPage })
