import { createFileRoute } from '@tanstack/react-router'
import { ContentPage } from '../features/moderation/components/content-page'

export const Route = createFileRoute('/mod/content')({
  component: ContentPage,
})
