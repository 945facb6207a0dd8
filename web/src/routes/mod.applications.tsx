import { createFileRoute } from '@tanstack/react-router'
import { ApplicationsQueue } from '../features/moderation/components/applications-queue'

export const Route = createFileRoute('/mod/applications')({
  component: ApplicationsQueue,
})
