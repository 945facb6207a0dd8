import { createFileRoute } from '@tanstack/react-router'
import { AuditPage } from '../features/moderation/components/audit-page'

export const Route = createFileRoute('/mod/audit')({
  component: AuditPage,
})
