import { describe, expect, it } from 'vitest'
import { sniffFileType } from './file-type.ts'

const bytes = (text: string) => new TextEncoder().encode(text)

describe('sniffFileType', () => {
  it('recognises JPEG, PNG and PDF by their first bytes', () => {
    expect(sniffFileType(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe('jpeg')
    expect(sniffFileType(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png')
    expect(sniffFileType(bytes('%PDF-1.7\n%...'))).toBe('pdf')
  })

  it('refuses markup and anything shorter than a signature, whatever the file is called', () => {
    expect(sniffFileType(bytes('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeNull()
    expect(sniffFileType(bytes('<!doctype html><script>alert(1)</script>'))).toBeNull()
    expect(sniffFileType(bytes('  %PDF-1.7'))).toBeNull()
    expect(sniffFileType(Uint8Array.from([0x89, 0x50, 0x4e]))).toBeNull()
    expect(sniffFileType(new Uint8Array())).toBeNull()
  })
})
