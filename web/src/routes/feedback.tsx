import { createFileRoute } from '@tanstack/react-router'
import { FeedbackPage } from '../features/content/components/feedback-page'

export const Route = createFileRoute('/feedback')({ component: FeedbackPage })
