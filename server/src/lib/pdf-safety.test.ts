import { deflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { checkPdfSafety, decodePdfName } from './pdf-safety.ts'

/** A minimal one-page PDF; `catalogExtra` goes into the catalog dictionary, `tail` after %%EOF. */
function buildPdf(options: { catalogExtra?: string; objects?: string[]; tail?: string } = {}): Buffer {
  const objects = [
    `<< /Type /Catalog /Pages 2 0 R ${options.catalogExtra ?? ''} >>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
    ...(options.objects ?? []),
  ]
  let body = '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n'
  objects.forEach((object, index) => {
    body += `${index + 1} 0 obj\n${object}\nendobj\n`
  })
  body += `trailer\n<< /Root 1 0 R /Size ${objects.length + 1} >>\nstartxref\n0\n%%EOF\n${options.tail ?? ''}`
  return Buffer.from(body, 'latin1')
}

/** A PDF whose object stream hides `content` in Flate-compressed bytes. */
function pdfWithCompressedStream(content: string): Buffer {
  const compressed = deflateSync(Buffer.from(content, 'latin1'))
  const head = Buffer.from(
    `%PDF-1.7\n1 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${compressed.length} >>\nstream\n`,
    'latin1',
  )
  const tail = Buffer.from('\nendstream\nendobj\ntrailer\n<< /Size 2 >>\n%%EOF\n', 'latin1')
  return Buffer.concat([head, compressed, tail])
}

describe('checkPdfSafety', () => {
  it('accepts a clean PDF', () => {
    expect(checkPdfSafety(buildPdf())).toEqual({ safe: true })
  })

  it('accepts a clean PDF with a compressed content stream and an OpenAction that only goes to a page', () => {
    expect(checkPdfSafety(pdfWithCompressedStream('BT /F1 12 Tf 72 712 Td (Passport scan) Tj ET'))).toEqual({
      safe: true,
    })
    expect(checkPdfSafety(buildPdf({ catalogExtra: '/OpenAction [3 0 R /Fit]' }))).toEqual({ safe: true })
  })

  it.each([
    ['/JavaScript', '/Names << /JavaScript 4 0 R >>'],
    ['/JS in an OpenAction', '/OpenAction << /S /JavaScript /JS (app.alert(1)) >>'],
    ['/Launch', '/OpenAction << /S /Launch /F (calc.exe) >>'],
    ['/EmbeddedFile', '/Names << /EmbeddedFiles << /Names [(a.exe) 4 0 R] >> >>'],
    ['/AA', '/AA << /O << /S /GoTo >> >>'],
    ['/RichMedia', '/Extra << /Type /RichMedia >>'],
    ['/XFA', '/AcroForm << /XFA 4 0 R >>'],
  ])('refuses %s', (_, catalogExtra) => {
    expect(checkPdfSafety(buildPdf({ catalogExtra })).safe).toBe(false)
  })

  it('refuses hex-escaped names such as /J#61vaScript and /#4A#53', () => {
    expect(checkPdfSafety(buildPdf({ catalogExtra: '/OpenAction << /S /J#61vaScript >>' }))).toEqual({
      safe: false,
      reason: 'JavaScript',
    })
    expect(checkPdfSafety(buildPdf({ catalogExtra: '/OpenAction << /#4A#53 (x) >>' })).safe).toBe(false)
    expect(checkPdfSafety(buildPdf({ catalogExtra: '/OpenAction << /S /L#61unch >>' })).safe).toBe(false)
  })

  it('refuses active content hidden in a compressed object stream', () => {
    expect(checkPdfSafety(pdfWithCompressedStream('4 0 << /S /JavaScript /JS (app.alert(1)) >>'))).toEqual({
      safe: false,
      reason: 'JavaScript',
    })
    expect(checkPdfSafety(pdfWithCompressedStream('4 0 << /Type /EmbeddedFile >>')).safe).toBe(false)
  })

  it('does not mistake longer names for active ones', () => {
    expect(checkPdfSafety(buildPdf({ catalogExtra: '/JSON 1 /AAA 2 /Launcher 3' }))).toEqual({ safe: true })
  })

  it('refuses polyglots: data after %%EOF, HTML inside, or no %%EOF at all', () => {
    const zipTail = `PK\x03\x04${'\x00'.repeat(26)}evil.html`
    expect(checkPdfSafety(buildPdf({ tail: zipTail })).safe).toBe(false)
    expect(checkPdfSafety(buildPdf({ objects: ['(<html><script>alert(1)</script></html>)'] })).safe).toBe(
      false,
    )
    expect(checkPdfSafety(Buffer.from('%PDF-1.4\n1 0 obj\n<< >>\nendobj\n', 'latin1')).safe).toBe(false)
  })

  it('refuses a compression bomb rather than checking part of it', () => {
    const bomb = deflateSync(Buffer.alloc(70 * 1024 * 1024))
    const pdf = Buffer.concat([
      Buffer.from('%PDF-1.7\n1 0 obj\n<< /Filter /FlateDecode >>\nstream\n', 'latin1'),
      bomb,
      Buffer.from('\nendstream\nendobj\n%%EOF\n', 'latin1'),
    ])
    expect(checkPdfSafety(pdf)).toEqual({ safe: false, reason: 'compressed content too large to check' })
  })
})

describe('decodePdfName', () => {
  it('decodes #xx escapes and leaves the rest alone', () => {
    expect(decodePdfName('J#61vaScript')).toBe('JavaScript')
    expect(decodePdfName('A#20B')).toBe('A B')
    expect(decodePdfName('Plain')).toBe('Plain')
  })
})
