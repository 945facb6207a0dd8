import { createFileRoute } from '@tanstack/react-router'
import { ApiDocsPage } from '../features/content/components/api-docs-page'

export const Route = createFileRoute('/api')({ component: ApiDocsPage })
