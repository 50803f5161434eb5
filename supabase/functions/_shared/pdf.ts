/**
 * Whether an uploaded resume is a PDF: the bytes decide, never the file name or the type the browser guessed.
 * Server-only (submit-application): it loads pdf-lib, which the site's pages must not bundle.
 */
import { PDFDocument } from 'pdf-lib';

/** How long pdf-lib may take to open a resume before it is refused (a 10 MB PDF opens in well under this). */
export const PDF_PARSE_MS = 2000;

const MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"

/**
 * True when the file starts with "%PDF-" at offset 0 (no leading junk, which is how a polyglot HTML page or
 * program passes a looser check) and pdf-lib opens it, with at least one page, within `timeoutMs`.
 * Encrypted PDFs are accepted (`ignoreEncryption`): a password-protected resume is still a PDF.
 */
export async function isPdf(bytes: Uint8Array, timeoutMs = PDF_PARSE_MS): Promise<boolean> {
  if (bytes.byteLength < MAGIC.length || MAGIC.some((byte, i) => bytes[i] !== byte)) return false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  // pdf-lib parses in chunks and yields between them (parseSpeed), so the timer can fire mid-parse.
  const opened = PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true, throwOnInvalidObject: true })
    .then((document) => document.getPageCount() > 0)
    .catch(() => false);
  try {
    return await Promise.race([opened, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
