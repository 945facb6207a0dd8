import { createFileRoute } from '@tanstack/react-router'
import { GuidelinesPage } from '../features/content/components/guidelines-page'

export const Route = createFileRoute('/guidelines')({ component: GuidelinesPage })
