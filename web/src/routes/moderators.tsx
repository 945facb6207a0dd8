import { createFileRoute } from '@tanstack/react-router'
import { ModeratorsPage } from '../features/content/components/moderators-page'

export const Route = createFileRoute('/moderators')({ component: ModeratorsPage })
