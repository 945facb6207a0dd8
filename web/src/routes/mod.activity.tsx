import { createFileRoute } from '@tanstack/react-router'
import { ActivityPage } from '../features/moderation/components/activity-page'

export const Route = createFileRoute('/mod/activity')({
  component: ActivityPage,
})
