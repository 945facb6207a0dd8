import { createFileRoute } from '@tanstack/react-router'
import { AdsAdminPage } from '../features/ads/components/ads-admin-page'

// A child of the /mod layout, which lets only moderators through.
export const Route = createFileRoute('/mod/ads')({ component: AdsAdminPage })
