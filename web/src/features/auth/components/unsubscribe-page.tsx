import {
  UNSUBSCRIBE_TOPIC_LABELS,
  UNSUBSCRIBE_TOPICS,
  type UnsubscribeTopic,
} from '@bashboard/server/contract/mail-messages'
import { Link } from '@tanstack/react-router'
import { Button } from '../../../components/ui/button'
import { FormError } from '../../../components/ui/form-error'
import { useDocumentTitle } from '../../../lib/use-document-title'
import { useUnsubscribe } from '../mail-api'
import { useLinkToken } from '../use-link-token'
import { AuthPanel } from './auth-panel'

const linkClasses = 'font-medium text-accent-text underline-offset-4 hover:underline'

/** The topic a link's token names (`<user>.<topic>.<mac>`); the server checks the rest. */
function topicOf(token: string | undefined): UnsubscribeTopic | null {
  const topic = token?.split('.')[1]
  return (UNSUBSCRIBE_TOPICS as readonly string[]).includes(topic ?? '') ? (topic as UnsubscribeTopic) : null
}

/**
 * /unsubscribe?token=…: the footer link of a non-essential mail. It asks before it acts (mail scanners
 * open links), works without signing in, and points to Settings for the finer choices.
 */
export function UnsubscribePage() {
  const token = useLinkToken()
  useDocumentTitle('Unsubscribe')
  const unsubscribe = useUnsubscribe()
  const topic = topicOf(token)
  const label = topic ? UNSUBSCRIBE_TOPIC_LABELS[topic] : null

  return (
    <AuthPanel
      command="bashboard mail --off"
      title={unsubscribe.isSuccess ? 'Unsubscribed' : 'Unsubscribe'}
      subtitle={
        unsubscribe.isSuccess
          ? unsubscribe.data.message
          : label
            ? `Stop getting ${label}?`
            : 'This page needs the link from the bottom of one of our mails.'
      }
      footer={
        <Link to="/settings" search={{ tab: 'email' }} className={linkClasses}>
          Choose what we mail you in Settings
        </Link>
      }
    >
      {unsubscribe.isSuccess ? (
        <p className="text-sm text-muted" role="status">
          Changed your mind? Turn it back on in Settings → Email at any time.
        </p>
      ) : token && label ? (
        <div className="flex flex-col gap-4">
          {unsubscribe.isError ? <FormError>{unsubscribe.error.message}</FormError> : null}
          <Button
            size="lg"
            className="w-full"
            loading={unsubscribe.isPending}
            onClick={() => unsubscribe.mutate(token)}
          >
            Unsubscribe
          </Button>
        </div>
      ) : (
        <FormError>This unsubscribe link is not complete. Copy the whole link from the mail.</FormError>
      )}
    </AuthPanel>
  )
}
