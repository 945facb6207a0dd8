import { createFileRoute } from '@tanstack/react-router'
import { ContributePage } from '../features/content/components/contribute-page'

export const Route = createFileRoute('/contribute')({ component: ContributePage })
