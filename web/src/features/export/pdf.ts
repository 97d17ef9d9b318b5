import type { TDocumentDefinitions } from 'pdfmake/interfaces';

/** The part of pdfmake 0.2's browser build used here (@types/pdfmake describes 0.3). */
interface PdfMakeBrowser {
  vfs?: Record<string, string>;
  addVirtualFileSystem?: (vfs: Record<string, string>) => void;
  createPdf(definition: TDocumentDefinitions): { getBlob(callback: (blob: Blob) => void): void };
}

type Loaded<T> = T | { default: T };
const unwrap = <T extends object>(module: Loaded<T>): T => ('default' in module ? module.default : module);

let loading: Promise<PdfMakeBrowser> | undefined;

/**
 * pdfmake and its fonts are about 2 MB: loaded on the first Download PDF, never with the first page.
 * The service worker precaches the chunk, so it also works offline once installed.
 */
function loadPdfMake(): Promise<PdfMakeBrowser> {
  loading ??= Promise.all([import('pdfmake/build/pdfmake'), import('pdfmake/build/vfs_fonts')])
    .then(([pdfMakeModule, fontsModule]) => {
      const pdfMake = unwrap(pdfMakeModule as unknown as Loaded<PdfMakeBrowser>);
      const vfs = unwrap(fontsModule as unknown as Loaded<Record<string, string>>);
      if (pdfMake.addVirtualFileSystem) pdfMake.addVirtualFileSystem(vfs);
      else pdfMake.vfs = vfs;
      return pdfMake;
    })
    .catch((error: unknown) => {
      loading = undefined; // a flaky connection may succeed on the next try
      throw error;
    });
  return loading;
}

export async function renderPdfBlob(definition: TDocumentDefinitions): Promise<Blob> {
  const pdfMake = await loadPdfMake();
  return new Promise<Blob>((resolve, reject) => {
    try {
      pdfMake.createPdf(definition).getBlob(resolve);
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}

/** Saves the blob under fileName through a temporary link (the download attribute names the file). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the URL asynchronously after the click.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
