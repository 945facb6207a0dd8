import {
  AD_PAGES,
  AD_SIZES,
  AD_SLOTS,
  type AdPage,
  type AdSize,
  type AdSlotName,
  type CreateAdBody,
  type ModAd,
} from '@bashboard/server/contract'
import { useQuery } from '@tanstack/react-query'
import { MousePointerClick, Pause, Pencil, Play, Plus, Trash2 } from 'lucide-react'
import { type FormEvent, type ReactNode, useId, useState } from 'react'
import { adClickTarget } from '../../../components/ads/ad-rules'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { Checkbox } from '../../../components/ui/checkbox'
import { fieldClasses, Input } from '../../../components/ui/input'
import { LoadFailed } from '../../../components/ui/load-failed'
import { Loading } from '../../../components/ui/spinner'
import { useToast } from '../../../components/ui/toast'
import { ApiError } from '../../../lib/api-client'
import { cn } from '../../../lib/cn'
import { useDocumentTitle } from '../../../lib/use-document-title'
import { modAdsQueryOptions, useCreateAd, useDeleteAd, useUpdateAd, useUploadAdImage } from '../api'
import { type AdState, adState, fromLocalInput, toLocalInput } from '../schedule'
import { ImageField, type ImageValue } from './image-field'

interface AdDraft {
  title: string
  page: AdPage
  slot: AdSlotName
  size: AdSize
  url: string
  image: ImageValue | null
  startsAt: string
  endsAt: string
  active: boolean
}

function draftOf(ad: ModAd | null): AdDraft {
  return {
    title: ad?.title ?? '',
    page: ad?.page ?? 'Homepage',
    slot: ad?.slot ?? 'ads1',
    size: ad?.size ?? 'banner',
    url: ad?.url ?? '',
    image: ad ? { value: ad.imageName, preview: ad.adImage } : null,
    startsAt: toLocalInput(ad?.startsAt ?? null),
    endsAt: toLocalInput(ad?.endsAt ?? null),
    active: ad?.active ?? true,
  }
}

/** The first problem of an ad draft, or null. '#' is allowed: it makes an ad that is not clickable. */
export function adDraftProblem(draft: AdDraft): string | null {
  const url = draft.url.trim()
  if (url === '') return 'Please enter the URL the ad links to.'
  if (url !== '#' && adClickTarget(url) === null) return "The ad's link must be '#' or an http(s) URL."
  if (!draft.image) return 'Please upload an image or enter a full https URL.'
  const start = fromLocalInput(draft.startsAt)
  const end = fromLocalInput(draft.endsAt)
  if (start && end && Date.parse(end) <= Date.parse(start))
    return 'The end of the schedule must be after its start.'
  return null
}

function Select<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string
  value: T
  options: readonly T[]
  onChange: (value: T) => void
}) {
  const id = useId()
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as T)}
        className={cn(fieldClasses, 'border-line')}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </div>
  )
}

function AdEditor({ ad, onDone }: { ad: ModAd | null; onDone: () => void }) {
  const toast = useToast()
  const create = useCreateAd()
  const update = useUpdateAd()
  const upload = useUploadAdImage()
  const [draft, setDraft] = useState<AdDraft>(() => draftOf(ad))
  const [problem, setProblem] = useState<string | null>(null)
  const saving = create.isPending || update.isPending
  const set = (patch: Partial<AdDraft>): void => setDraft((current) => ({ ...current, ...patch }))

  async function onSubmit(event: FormEvent): Promise<void> {
    event.preventDefault()
    const found = adDraftProblem(draft)
    setProblem(found)
    if (found || !draft.image) return
    const body: CreateAdBody = {
      title: draft.title.trim(),
      page: draft.page,
      slot: draft.slot,
      size: draft.size,
      url: draft.url.trim(),
      image: draft.image.value,
      active: draft.active,
      startsAt: fromLocalInput(draft.startsAt),
      endsAt: fromLocalInput(draft.endsAt),
    }
    try {
      if (ad) await update.mutateAsync({ id: ad._id, body })
      else await create.mutateAsync(body)
      toast({ title: ad ? 'Ad updated' : 'Ad created', message: body.title || body.url, variant: 'success' })
      onDone()
    } catch (failure) {
      toast({
        title: 'Save Failed',
        message: failure instanceof ApiError ? failure.message : 'Please try again later.',
        variant: 'destructive',
      })
    }
  }

  return (
    <Card className="flex flex-col gap-5 p-5">
      <h3 className="text-base font-semibold text-fg">{ad ? 'Edit ad' : 'New ad'}</h3>
      <form onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-5" noValidate>
        <Input
          label="Title (alt text)"
          value={draft.title}
          maxLength={100}
          onChange={(event) => set({ title: event.target.value })}
        />
        <div className="grid gap-4 sm:grid-cols-3">
          <Select label="Page" value={draft.page} options={AD_PAGES} onChange={(page) => set({ page })} />
          <Select label="Slot" value={draft.slot} options={AD_SLOTS} onChange={(slot) => set({ slot })} />
          <Select label="Size" value={draft.size} options={AD_SIZES} onChange={(size) => set({ size })} />
        </div>
        <Input
          label="Link URL"
          value={draft.url}
          placeholder="https://example.com or #"
          hint="'#' makes the ad not clickable; a URL without https:// gets it added."
          onChange={(event) => set({ url: event.target.value })}
        />
        <ImageField
          label={draft.size === 'banner' ? 'Image (728×90 banner)' : 'Image (300×250 box)'}
          image={draft.image}
          onChange={(image) => set({ image })}
          upload={(file) => upload.mutateAsync(file)}
          uploading={upload.isPending}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Input
            label="Starts (optional)"
            type="datetime-local"
            value={draft.startsAt}
            onChange={(event) => set({ startsAt: event.target.value })}
          />
          <Input
            label="Ends (optional)"
            type="datetime-local"
            value={draft.endsAt}
            onChange={(event) => set({ endsAt: event.target.value })}
          />
        </div>
        <Checkbox
          label="Active (uncheck to pause)"
          checked={draft.active}
          onChange={(event) => set({ active: event.target.checked })}
        />
        {problem ? (
          <p role="alert" className="text-sm font-medium text-danger">
            {problem}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" loading={saving}>
            {ad ? 'Save ad' : 'Create ad'}
          </Button>
          <Button variant="ghost" disabled={saving} onClick={onDone}>
            Cancel
          </Button>
        </div>
      </form>
    </Card>
  )
}

const stateLabels: Record<AdState, { label: string; className: string }> = {
  showing: { label: 'Showing', className: 'border-accent/50 bg-accent-soft text-accent-text' },
  paused: { label: 'Paused', className: 'border-warning/50 bg-warning/10 text-warning' },
  scheduled: { label: 'Scheduled', className: 'border-line-strong bg-surface-2 text-fg' },
  ended: { label: 'Ended', className: 'border-line bg-surface-2 text-muted' },
}

function Meta({ children }: { children: ReactNode }) {
  return <span className="rounded bg-surface-2 px-1.5 py-0.5 font-mono text-xs text-muted">{children}</span>
}

function AdRow({ ad, onEdit }: { ad: ModAd; onEdit: () => void }) {
  const toast = useToast()
  const update = useUpdateAd()
  const remove = useDeleteAd()
  const [confirming, setConfirming] = useState(false)
  const state = stateLabels[adState(ad)]
  const name = ad.title || ad.url || 'Untitled ad'

  async function toggle(): Promise<void> {
    try {
      await update.mutateAsync({ id: ad._id, body: { active: !ad.active } })
      toast({ title: ad.active ? 'Ad paused' : 'Ad resumed', message: name, variant: 'success' })
    } catch (failure) {
      toast({
        title: 'Update Failed',
        message: failure instanceof ApiError ? failure.message : 'Please try again.',
        variant: 'destructive',
      })
    }
  }

  async function destroy(): Promise<void> {
    try {
      await remove.mutateAsync(ad._id)
      toast({ title: 'Ad deleted', message: name, variant: 'success' })
    } catch (failure) {
      setConfirming(false)
      toast({
        title: 'Delete Failed',
        message: failure instanceof ApiError ? failure.message : 'Please try again.',
        variant: 'destructive',
      })
    }
  }

  return (
    <li className="flex flex-col gap-3 p-4 lg:flex-row lg:items-center">
      {/* One frame size for banners and boxes, so the rows' text lines up. */}
      <div className="flex h-20 w-full shrink-0 items-center justify-center rounded border border-line bg-surface-2 p-1 lg:w-44">
        <img src={ad.adImage} alt="" className="max-h-full max-w-full object-contain" />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <span
            className={cn('inline-flex rounded-full border px-2 py-0.5 text-xs font-medium', state.className)}
          >
            {state.label}
          </span>
          <span className="min-w-0 truncate font-medium text-fg">{name}</span>
        </div>
        <div className="flex flex-wrap items-center gap-1.5">
          <Meta>{ad.page}</Meta>
          <Meta>{ad.slot}</Meta>
          <Meta>{ad.size}</Meta>
          <span className="min-w-0 truncate text-xs text-muted">→ {ad.url}</span>
        </div>
        {ad.startsAt || ad.endsAt ? (
          <p className="text-xs text-muted">
            {ad.startsAt ? `from ${new Date(ad.startsAt).toLocaleString()}` : 'from now'}{' '}
            {ad.endsAt ? `until ${new Date(ad.endsAt).toLocaleString()}` : 'with no end'}
          </p>
        ) : null}
      </div>
      <p className="flex items-center gap-1.5 text-sm text-fg" data-testid="ad-clicks">
        <MousePointerClick aria-hidden="true" className="size-4 text-muted" />
        <span className="font-mono tabular-nums">{ad.clickCount.toLocaleString('en-US')}</span>{' '}
        <span className="text-muted">{ad.clickCount === 1 ? 'click' : 'clicks'}</span>
      </p>
      <div className="flex flex-wrap gap-2">
        {confirming ? (
          <>
            <Button variant="danger" size="sm" loading={remove.isPending} onClick={() => void destroy()}>
              Confirm delete
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </>
        ) : (
          <>
            <Button variant="secondary" size="sm" onClick={onEdit} aria-label={`Edit ${name}`}>
              <Pencil aria-hidden="true" className="size-4" />
              Edit
            </Button>
            <Button
              variant="secondary"
              size="sm"
              loading={update.isPending}
              onClick={() => void toggle()}
              aria-label={`${ad.active ? 'Pause' : 'Resume'} ${name}`}
            >
              {ad.active ? (
                <Pause aria-hidden="true" className="size-4" />
              ) : (
                <Play aria-hidden="true" className="size-4" />
              )}
              {ad.active ? 'Pause' : 'Resume'}
            </Button>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => setConfirming(true)}
              aria-label={`Delete ${name}`}
            >
              <Trash2 aria-hidden="true" className="size-4" />
              Delete
            </Button>
          </>
        )}
      </div>
    </li>
  )
}

/** The console's Ads tab: every ad with its clicks; create, schedule, pause, resume and delete. */
export function AdsAdminPage() {
  useDocumentTitle('Ads · Moderation')
  const ads = useQuery(modAdsQueryOptions())
  // null: the list; 'new': a new ad; otherwise the id of the ad being edited.
  const [editing, setEditing] = useState<string | null>(null)
  const current =
    editing && editing !== 'new' ? (ads.data?.ads.find((ad) => ad._id === editing) ?? null) : null

  return (
    <section aria-labelledby="mod-ads-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="mod-ads-heading" className="text-lg font-semibold text-fg">
          Ads
        </h2>
        {editing === null ? (
          <Button size="sm" onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" className="size-4" />
            New ad
          </Button>
        ) : null}
      </div>
      {editing !== null && (editing === 'new' || current) ? (
        <AdEditor key={editing} ad={current} onDone={() => setEditing(null)} />
      ) : null}
      {ads.isPending ? (
        <Loading label="Loading ads..." />
      ) : ads.isError && !ads.data ? (
        <LoadFailed
          message="Failed to load the ads."
          onRetry={() => void ads.refetch()}
          retrying={ads.isFetching}
        />
      ) : ads.data.ads.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line-strong px-4 py-10 text-center text-sm text-muted">
          No ads yet. Every slot shows its fallback text until one is created.
        </p>
      ) : (
        <Card>
          <ul aria-label="Ads" className="divide-y divide-line">
            {ads.data.ads.map((ad) => (
              <AdRow key={ad._id} ad={ad} onEdit={() => setEditing(ad._id)} />
            ))}
          </ul>
        </Card>
      )}
    </section>
  )
}
