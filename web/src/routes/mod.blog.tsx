import { createFileRoute } from '@tanstack/react-router'
import { BlogAdminPage } from '../features/blog/components/blog-admin-page'

// A child of the /mod layout, which lets only moderators through.
export const Route = createFileRoute('/mod/blog')({ component: BlogAdminPage })
