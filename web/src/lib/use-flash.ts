import { useEffect, useRef, useState } from 'react'

const FLASH_MS = 1400

/** True for a moment after `value` changes (never on the first render): a live count that moved flashes. */
export function useFlashOnChange(value: number): boolean {
  const previous = useRef(value)
  const [flashing, setFlashing] = useState(false)
  useEffect(() => {
    if (previous.current === value) return
    previous.current = value
    setFlashing(true)
    const timer = setTimeout(() => setFlashing(false), FLASH_MS)
    return () => clearTimeout(timer)
  }, [value])
  return flashing
}
