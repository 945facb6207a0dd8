import { ZoomIn, ZoomOut } from 'lucide-react'
import { type KeyboardEvent, useId, useState } from 'react'
import Cropper, { type Area } from 'react-easy-crop'
// The cropper's own rules as a file of this lazy chunk: the policy forbids the <style> it would inject.
import 'react-easy-crop/react-easy-crop.css'
import { Button } from '../../../components/ui/button'

/** The square the member framed, in pixels of the upright image: what `PUT /api/users/avatar` keeps. */
export interface AvatarSquare {
  x: number
  y: number
  size: number
}

export const MIN_ZOOM = 1
export const MAX_ZOOM = 4
/** One press of +/−, or of a zoom button. */
export const ZOOM_STEP = 0.25
/** Screen pixels the image moves per arrow key (a fifth of it with Shift). */
const MOVE_STEP = 8

const clampZoom = (zoom: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, Math.round(zoom * 100) / 100))

export interface AvatarCropEditorProps {
  /** The picked file's object URL (img-src allows the page's own blob: URLs). */
  src: string
  /** The framed square, once the image has loaded and after every move or zoom. */
  onSquareChange: (square: AvatarSquare) => void
  /** The browser could not draw the picked file. */
  onBroken: () => void
}

/**
 * The avatar's square crop (react-easy-crop): drag or the arrow keys move the image under the square
 * frame; the wheel, a pinch, the slider, the buttons and + / − zoom. What the frame shows is what the
 * server keeps: the square goes with the upload in the image's own pixels and the server cuts it out.
 */
export function AvatarCropEditor({ src, onSquareChange, onBroken }: AvatarCropEditorProps) {
  const id = useId()
  const [crop, setCrop] = useState({ x: 0, y: 0 })
  const [zoom, setZoom] = useState(MIN_ZOOM)
  const [status, setStatus] = useState('')

  function onCropComplete(area: Area, pixels: Area): void {
    // With aspect 1 the library answers a square of whole pixels inside the image.
    onSquareChange({ x: pixels.x, y: pixels.y, size: pixels.width })
    setStatus(
      `The square shows ${Math.round(area.width)}% of the image's width, from ${Math.round(area.x)}% ` +
        `across and ${Math.round(area.y)}% down.`,
    )
  }

  // The library moves with the arrow keys on its frame; + and − zoom there too.
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>): void {
    const zoomIn = event.key === '+' || event.key === '='
    const zoomOut = event.key === '-' || event.key === '_' || event.key === '−'
    if (!zoomIn && !zoomOut) return
    event.preventDefault()
    setZoom((current) => clampZoom(current + (zoomIn ? ZOOM_STEP : -ZOOM_STEP)))
  }

  return (
    <div className="flex w-full max-w-72 flex-col gap-3">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: keys bubble up from the focusable frame inside */}
      <div
        className="relative aspect-square w-full overflow-hidden rounded-md border border-line-strong bg-surface-2"
        onKeyDown={onKeyDown}
      >
        <Cropper
          image={src}
          crop={crop}
          zoom={zoom}
          aspect={1}
          minZoom={MIN_ZOOM}
          maxZoom={MAX_ZOOM}
          zoomSpeed={0.5}
          keyboardStep={MOVE_STEP}
          showGrid={false}
          disableAutomaticStylesInjection
          onCropChange={setCrop}
          onZoomChange={(next) => setZoom(clampZoom(next))}
          onCropComplete={onCropComplete}
          mediaProps={{ alt: 'Preview of your new avatar', onError: onBroken }}
          cropperProps={{
            role: 'application',
            'aria-roledescription': 'crop frame',
            'aria-label': 'Avatar crop',
            'aria-describedby': `${id}-help`,
          }}
          classes={{
            cropAreaClassName:
              'cursor-move focus-visible:outline-3 focus-visible:-outline-offset-4 focus-visible:outline-accent',
          }}
        />
      </div>
      <label htmlFor={`${id}-zoom`} className="-mb-2 text-xs font-medium text-fg">
        Zoom
      </label>
      <div className="flex items-center gap-2">
        <Button
          variant="secondary"
          size="sm"
          // `!`: the size's own px-3 would leave the icon 6 px of a 32 px square (cn does not merge).
          className="w-8 shrink-0 px-0!"
          aria-label="Zoom out"
          title="Zoom out"
          disabled={zoom <= MIN_ZOOM}
          onClick={() => setZoom((current) => clampZoom(current - ZOOM_STEP))}
        >
          <ZoomOut aria-hidden="true" className="size-4" />
        </Button>
        <input
          id={`${id}-zoom`}
          type="range"
          min={MIN_ZOOM}
          max={MAX_ZOOM}
          step={0.05}
          value={zoom}
          aria-valuetext={`${Math.round(zoom * 100)}%`}
          onChange={(event) => setZoom(clampZoom(Number(event.target.value)))}
          className="h-8 min-w-0 flex-1 cursor-pointer accent-accent"
        />
        <Button
          variant="secondary"
          size="sm"
          className="w-8 shrink-0 px-0!"
          aria-label="Zoom in"
          title="Zoom in"
          disabled={zoom >= MAX_ZOOM}
          onClick={() => setZoom((current) => clampZoom(current + ZOOM_STEP))}
        >
          <ZoomIn aria-hidden="true" className="size-4" />
        </Button>
      </div>
      <p id={`${id}-help`} className="text-xs text-muted">
        Drag the image, or focus the square and use the arrow keys, to place it. Zoom with the slider, the
        wheel, a pinch or + and −. Your avatar is exactly what the square shows.
      </p>
      <p aria-live="polite" className="sr-only">
        {status}
      </p>
    </div>
  )
}
