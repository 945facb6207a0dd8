import { AD_PAGES, AD_SIZES, AD_SLOTS, type CreateAdBody, type ModAd } from '@bashboard/server/contract'
import { AD_TITLE_MAX_LENGTH } from '@bashboard/server/contract/limits'
import { nounFor } from '@bashboard/server/contract/plurals'
import { useQuery } from '@tanstack/react-query'
import { MousePointerClick, Pause, Play } from 'lucide-react'
import { type FormEvent, type ReactNode, useId, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { Checkbox } from '../../../components/ui/checkbox'
import { FormError } from '../../../components/ui/form-error'
import { ImageField } from '../../../components/ui/image-field'
import { fieldClasses, Input } from '../../../components/ui/input'
import {
  ManagedList,
  type PillTone,
  RowActions,
  StatusPill,
  useRowAction,
} from '../../../components/ui/managed-list'
import { useToast } from '../../../components/ui/toast'
import { ApiError } from '../../../lib/api-client'
import { cn } from '../../../lib/cn'
import { type FormFailure, formFailureOf } from '../../../lib/form-failure'
import { formatCount } from '../../../lib/format-count'
import { useDocumentTitle } from '../../../lib/use-document-title'
import { modAdsQueryOptions, useCreateAd, useDeleteAd, useUpdateAd, useUploadAdImage } from '../api'
import { type AdState, adState, fromLocalInput, toLocalInput } from '../schedule'
import { AD_FIELD_MESSAGES, type AdDraft, type AdField, adDraftProblem } from '../validation'

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

/**
 * Creates or edits an ad. The first problem of the draft, or the server's refusal, shows under its field
 * (or above the buttons when it names none) until that field changes; only a lost connection or a 5xx
 * is a toast.
 */
function AdEditor({ ad, onDone }: { ad: ModAd | null; onDone: () => void }) {
  const toast = useToast()
  const create = useCreateAd()
  const update = useUpdateAd()
  const upload = useUploadAdImage()
  const [draft, setDraft] = useState<AdDraft>(() => draftOf(ad))
  const [shown, setShown] = useState<FormFailure<AdField> | null>(null)
  const saving = create.isPending || update.isPending
  const errorOf = (field: AdField) => (shown?.field === field ? shown.message : undefined)

  function set(patch: Partial<AdDraft>): void {
    setDraft((current) => ({ ...current, ...patch }))
    // An error about an edited field (or about none) no longer applies; either end mends the schedule.
    const edited = (field: AdField | null): boolean =>
      field === null || field in patch || (field === 'endsAt' && 'startsAt' in patch)
    setShown((current) => (current && edited(current.field) ? null : current))
  }

  async function onSubmit(event: FormEvent): Promise<void> {
    event.preventDefault()
    const found = adDraftProblem(draft)
    setShown(found)
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
      const refused = formFailureOf(failure, AD_FIELD_MESSAGES)
      if (refused) {
        setShown(refused)
        return
      }
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
          maxLength={AD_TITLE_MAX_LENGTH}
          onChange={(event) => set({ title: event.target.value })}
          error={errorOf('title')}
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
          error={errorOf('url')}
        />
        <ImageField
          label={draft.size === 'banner' ? 'Image (728×90 banner)' : 'Image (300×250 box)'}
          image={draft.image}
          onChange={(image) => set({ image })}
          error={errorOf('image')}
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
            error={errorOf('endsAt')}
          />
        </div>
        <Checkbox
          label="Active (uncheck to pause)"
          checked={draft.active}
          onChange={(event) => set({ active: event.target.checked })}
        />
        {shown && shown.field === null ? <FormError>{shown.message}</FormError> : null}
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

const stateLabels: Record<AdState, { label: string; tone: PillTone }> = {
  showing: { label: 'Showing', tone: 'accent' },
  paused: { label: 'Paused', tone: 'warning' },
  scheduled: { label: 'Scheduled', tone: 'neutral' },
  ended: { label: 'Ended', tone: 'muted' },
}

function Meta({ children }: { children: ReactNode }) {
  return <span className="rounded bg-surface-2 px-1.5 py-0.5 font-mono text-xs text-muted">{children}</span>
}

function AdRow({ ad, onEdit }: { ad: ModAd; onEdit: () => void }) {
  const run = useRowAction()
  const update = useUpdateAd()
  const remove = useDeleteAd()
  const state = stateLabels[adState(ad)]
  const name = ad.title || ad.url || 'Untitled ad'

  return (
    <li className="flex flex-col gap-3 p-4 lg:flex-row lg:items-center">
      {/* One frame size for banners and boxes, so the rows' text lines up. */}
      <div className="flex h-20 w-full shrink-0 items-center justify-center rounded border border-line bg-surface-2 p-1 lg:w-44">
        <img src={ad.adImage} alt="" className="max-h-full max-w-full object-contain" />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <StatusPill tone={state.tone}>{state.label}</StatusPill>
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
        <span className="font-mono tabular-nums">{formatCount(ad.clickCount)}</span>{' '}
        <span className="text-muted">{nounFor(ad.clickCount, 'click')}</span>
      </p>
      <RowActions
        name={name}
        onEdit={onEdit}
        deleting={remove.isPending}
        onDelete={() =>
          run(() => remove.mutateAsync(ad._id), {
            title: 'Ad deleted',
            message: name,
            failureTitle: 'Delete Failed',
          })
        }
      >
        <Button
          variant="secondary"
          size="sm"
          loading={update.isPending}
          onClick={() =>
            void run(() => update.mutateAsync({ id: ad._id, body: { active: !ad.active } }), {
              title: ad.active ? 'Ad paused' : 'Ad resumed',
              message: name,
              failureTitle: 'Update Failed',
            })
          }
          aria-label={`${ad.active ? 'Pause' : 'Resume'} ${name}`}
        >
          {ad.active ? (
            <Pause aria-hidden="true" className="size-4" />
          ) : (
            <Play aria-hidden="true" className="size-4" />
          )}
          {ad.active ? 'Pause' : 'Resume'}
        </Button>
      </RowActions>
    </li>
  )
}

/** The console's Ads tab: every ad with its clicks; create, schedule, pause, resume and delete. */
export function AdsAdminPage() {
  useDocumentTitle('Ads · Moderation')
  const ads = useQuery({ ...modAdsQueryOptions(), select: (data) => data.ads })
  return (
    <ManagedList
      headingId="mod-ads-heading"
      title="Ads"
      newLabel="New ad"
      query={ads}
      loadingLabel="Loading ads..."
      failedMessage="Failed to load the ads."
      emptyText="No ads yet. Every slot shows its fallback text until one is created."
      listLabel="Ads"
      renderEditor={(ad, done) => <AdEditor ad={ad} onDone={done} />}
      renderRow={(ad, edit) => <AdRow key={ad._id} ad={ad} onEdit={edit} />}
    />
  )
}
