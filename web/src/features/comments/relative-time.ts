// Shared with the posts feature's "edited" mark, so it lives in lib/.
export { formatRelativeTime } from '../../lib/relative-time'
