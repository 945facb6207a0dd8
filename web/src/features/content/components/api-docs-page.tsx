import { countOf } from '@bashboard/server/contract/plurals'
import { useQuery } from '@tanstack/react-query'
import { Lock, Radio } from 'lucide-react'
import { Card } from '../../../components/ui/card'
import { LoadFailed } from '../../../components/ui/load-failed'
import { Loading } from '../../../components/ui/spinner'
import { cn } from '../../../lib/cn'
import { useDocumentTitle } from '../../../lib/use-document-title'
import { apiReferenceQueryOptions } from '../api'
import type { ApiOperation, ApiReference, HttpMethod } from '../openapi'

const methodClasses: Record<HttpMethod, string> = {
  get: 'border-accent/50 bg-accent-soft text-accent-text',
  post: 'border-info/50 bg-info/10 text-info',
  put: 'border-warning/50 bg-warning/10 text-warning',
  patch: 'border-warning/50 bg-warning/10 text-warning',
  delete: 'border-danger/50 bg-danger-soft text-danger',
}

function MethodBadge({ method }: { method: HttpMethod }) {
  return (
    <span
      className={cn(
        'inline-flex w-16 shrink-0 justify-center rounded border px-1.5 py-0.5 font-mono text-[11px] font-semibold uppercase',
        methodClasses[method],
      )}
    >
      {method}
    </span>
  )
}

function SchemaText({ children }: { children: string }) {
  return (
    <code className="block overflow-x-auto rounded-md bg-surface-2 px-3 py-2 font-mono text-xs leading-5 break-words whitespace-pre-wrap text-fg">
      {children}
    </code>
  )
}

function Operation({ operation }: { operation: ApiOperation }) {
  const access = /Access: ([a-z]+)\./.exec(operation.description)?.[1]
  return (
    <li>
      <details className="group rounded-lg border border-line bg-surface-2/40 open:bg-surface">
        <summary className="flex cursor-pointer list-none flex-wrap items-center gap-x-3 gap-y-1 rounded-lg px-3 py-2.5 focus-visible:outline-2 focus-visible:outline-accent [&::-webkit-details-marker]:hidden">
          <MethodBadge method={operation.method} />
          <span className="min-w-0 font-mono text-sm break-all text-fg">{operation.path}</span>
          {operation.secured ? (
            <span className="inline-flex items-center gap-1 text-xs text-muted">
              <Lock aria-hidden="true" className="size-3" />
              {access ?? 'signed in'}
            </span>
          ) : (
            <span className="text-xs text-muted">public</span>
          )}
        </summary>
        <div className="flex flex-col gap-3 border-t border-line px-3 py-3 text-sm">
          {operation.summary ? <p className="text-fg">{operation.summary}</p> : null}
          {operation.parameters.length > 0 ? (
            <div className="flex flex-col gap-1.5">
              <h4 className="text-xs font-semibold tracking-wider text-muted uppercase">Parameters</h4>
              <ul className="flex flex-col gap-1">
                {operation.parameters.map((parameter) => (
                  <li
                    key={`${parameter.in}-${parameter.name}`}
                    className="flex flex-wrap gap-x-2 font-mono text-xs"
                  >
                    <span className="text-fg">
                      {parameter.name}
                      {parameter.required ? '' : '?'}
                    </span>
                    <span className="text-muted">({parameter.in})</span>
                    <span className="text-accent-text">{parameter.type}</span>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {operation.requestBody.map((body) => (
            <div key={body.contentType} className="flex flex-col gap-1.5">
              <h4 className="text-xs font-semibold tracking-wider text-muted uppercase">
                Request body <span className="font-mono normal-case">({body.contentType})</span>
              </h4>
              <SchemaText>{body.schema}</SchemaText>
            </div>
          ))}
          {operation.responses.length > 0 ? (
            <div className="flex flex-col gap-1.5">
              <h4 className="text-xs font-semibold tracking-wider text-muted uppercase">Responses</h4>
              <ul className="flex flex-col gap-2">
                {operation.responses.map((response) => (
                  <li key={response.status} className="flex flex-col gap-1">
                    <span className="font-mono text-xs">
                      <span className={response.status.startsWith('2') ? 'text-accent-text' : 'text-danger'}>
                        {response.status}
                      </span>
                      {response.description ? (
                        <span className="text-muted"> {response.description}</span>
                      ) : null}
                    </span>
                    {response.schema ? <SchemaText>{response.schema}</SchemaText> : null}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      </details>
    </li>
  )
}

function LiveChannel({ live }: { live: NonNullable<ApiReference['live']> }) {
  return (
    <section aria-labelledby="live-heading" className="flex flex-col gap-3">
      <h2 id="live-heading" className="flex items-center gap-2 text-lg font-semibold tracking-tight text-fg">
        <Radio aria-hidden="true" className="size-5 text-accent-text" />
        Live channel
      </h2>
      <p className="text-sm leading-6 text-muted">
        Open a WebSocket to <code className="font-mono text-fg">{live.url}</code> and send JSON messages:{' '}
        <code className="font-mono text-fg">{'{"type":"auth","token":"…"}'}</code> (optional),{' '}
        <code className="font-mono text-fg">{'{"type":"subscribe","topics":["posts"]}'}</code>, and{' '}
        <code className="font-mono text-fg">{'{"type":"ping"}'}</code>. Events arrive as{' '}
        <code className="font-mono text-fg">{'{"type":"event","topic","event","id","data"}'}</code> and carry
        absolute values; reconnect with <code className="font-mono text-fg">since</code> to replay what you
        missed.
      </p>
      <ul className="flex flex-col gap-3">
        {live.topics.map((topic) => (
          <li key={topic.topic}>
            <Card className="flex flex-col gap-2 p-4">
              <p className="flex flex-wrap items-baseline gap-x-3">
                <code className="font-mono text-sm font-semibold text-fg">{topic.topic}</code>
                <span className="text-xs text-muted">subscribe: {topic.access}</span>
              </p>
              <ul className="flex flex-col gap-2">
                {topic.events.map((event) => (
                  <li key={event.name} className="flex flex-col gap-1">
                    <code className="font-mono text-xs text-accent-text">{event.name}</code>
                    <SchemaText>{event.payload}</SchemaText>
                  </li>
                ))}
              </ul>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** /api: the REST API (from the server's OpenAPI description) and the live channel's topics and events. */
export function ApiDocsPage() {
  useDocumentTitle('API')
  const reference = useQuery(apiReferenceQueryOptions())
  const data = reference.data
  return (
    // Long JSON snippets and paths have no spaces; let them break rather than widen a phone screen.
    <div className="mx-auto flex max-w-5xl flex-col gap-6 [overflow-wrap:anywhere]">
      <header className="flex flex-col gap-2">
        <p className="font-mono text-xs text-accent-text">$ curl -s /api/openapi.json | jq .paths</p>
        <h1 className="text-2xl font-semibold tracking-tight text-fg sm:text-3xl">Bashboard API</h1>
        <p className="max-w-3xl text-base leading-7 text-muted">
          Everything the site does goes through this JSON API, and you can use it too. Errors always look like{' '}
          <code className="font-mono text-sm text-fg">{'{statusCode, error, message}'}</code>; routes marked
          with a lock need{' '}
          <code className="font-mono text-sm text-fg">Authorization: Bearer &lt;token&gt;</code> from the
          login call. The machine-readable description is at{' '}
          <a href="/api/openapi.json" className="text-accent-text underline underline-offset-4">
            /api/openapi.json
          </a>
          .
        </p>
      </header>

      {reference.isPending ? (
        <Loading label="Loading the API description..." />
      ) : !data ? (
        <LoadFailed
          message="The API description could not be loaded. Please try again."
          onRetry={() => void reference.refetch()}
          retrying={reference.isFetching}
        />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[12rem_minmax(0,1fr)]">
          <nav aria-label="API sections" className="flex flex-col gap-1 self-start lg:sticky lg:top-24">
            <p className="px-2 pb-1 font-mono text-xs text-muted">
              {countOf(data.operationCount, 'endpoint')}
              {data.version ? ` · v${data.version}` : ''}
            </p>
            {data.groups.map((group) => (
              <a
                key={group.name}
                href={`#api-${group.name.replace('/', '-')}`}
                className="rounded-md px-2 py-1 font-mono text-sm text-muted hover:bg-surface-2 hover:text-fg"
              >
                {group.name}
              </a>
            ))}
            {data.live ? (
              <a
                href="#live-heading"
                className="rounded-md px-2 py-1 font-mono text-sm text-muted hover:bg-surface-2 hover:text-fg"
              >
                live channel
              </a>
            ) : null}
          </nav>
          <div className="flex min-w-0 flex-col gap-8">
            {data.groups.map((group) => (
              <section
                key={group.name}
                aria-labelledby={`api-${group.name.replace('/', '-')}`}
                className="flex flex-col gap-3"
              >
                <h2
                  id={`api-${group.name.replace('/', '-')}`}
                  className="scroll-mt-24 font-mono text-lg font-semibold tracking-tight text-fg"
                >
                  {group.name}
                </h2>
                <ul className="flex flex-col gap-2">
                  {group.operations.map((operation) => (
                    <Operation key={`${operation.method} ${operation.path}`} operation={operation} />
                  ))}
                </ul>
              </section>
            ))}
            {data.live ? <LiveChannel live={data.live} /> : null}
          </div>
        </div>
      )}
    </div>
  )
}
