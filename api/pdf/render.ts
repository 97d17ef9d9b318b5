import { createRequire } from 'node:module';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';

/**
 * Server-side pdfmake (0.2's Node entry, PdfPrinter), fed the same document definition as the browser
 * (shared/export/pdf-document.ts) and the same Roboto fonts the browser build embeds (vfs_fonts.js).
 * @types/pdfmake describes the 0.3 API, so the small 0.2 surface used here is typed locally.
 */
interface PdfKitDocument extends NodeJS.ReadableStream {
  end(): void;
}
interface PdfPrinterInstance {
  createPdfKitDocument(definition: TDocumentDefinitions): PdfKitDocument;
}
type PdfPrinterClass = new (
  fonts: Record<string, Record<'normal' | 'bold' | 'italics' | 'bolditalics', Buffer>>,
) => PdfPrinterInstance;

const require = createRequire(import.meta.url);
let printer: PdfPrinterInstance | undefined;

function getPrinter(): PdfPrinterInstance {
  if (printer) return printer;
  const PdfPrinter = require('pdfmake') as PdfPrinterClass;
  const vfs = require('pdfmake/build/vfs_fonts.js') as Record<string, string>;
  const font = (name: string) => Buffer.from(vfs[name] ?? '', 'base64');
  printer = new PdfPrinter({
    Roboto: {
      normal: font('Roboto-Regular.ttf'),
      bold: font('Roboto-Medium.ttf'),
      italics: font('Roboto-Italic.ttf'),
      bolditalics: font('Roboto-MediumItalic.ttf'),
    },
  });
  return printer;
}

export async function renderPdf(definition: TDocumentDefinitions): Promise<Buffer> {
  const document = getPrinter().createPdfKitDocument(definition);
  const chunks: Buffer[] = [];
  return new Promise<Buffer>((resolve, reject) => {
    document.on('data', (chunk: Buffer) => chunks.push(chunk));
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
    document.end();
  });
}
