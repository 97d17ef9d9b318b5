import type { Plugin } from 'vite';

/** The route modules whose chunks the service worker precaches besides the entry: the recorder (start_url). */
const PRECACHED_ROUTES = [/[\\/]web[\\/]src[\\/]routes[\\/]AppPage\.tsx$/];

/**
 * Issue 19: the first visit on a farm phone's cellular link should fetch only what the recorder needs
 * offline — the app shell and the recorder — not pdfmake and its fonts (2 MiB raw), the admin, settings
 * and history pages. This plugin learns from the bundle which files those are (the entry chunk, the
 * recorder's route chunk and everything they import statically, with their CSS); `manifestTransforms`
 * then keeps only them (plus non-JS/CSS files: HTML, icons, manifest) in the precache. Everything else in
 * /assets/ is cached by the service worker on first use (sw/sw.ts, runtime caching).
 */
export function precacheSplit() {
  const keep = new Set<string>();
  let learnt = false;

  const plugin: Plugin = {
    name: 'veldvet:precache-split',
    apply: 'build',
    generateBundle(_options, bundle) {
      keep.clear();
      const visit = (fileName: string) => {
        if (keep.has(fileName)) return;
        const output = bundle[fileName];
        if (!output) return;
        keep.add(fileName);
        if (output.type !== 'chunk') return;
        for (const css of output.viteMetadata?.importedCss ?? []) keep.add(css);
        for (const imported of output.imports) visit(imported);
      };
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const isRecorder = PRECACHED_ROUTES.some((route) => route.test(output.facadeModuleId ?? ''));
        if (output.isEntry || isRecorder) visit(output.fileName);
      }
      learnt = keep.size > 0;
    },
  };

  /** For injectManifest.manifestTransforms. */
  const manifestTransform = async <Entry extends { url: string }>(entries: Entry[]) => {
    if (!learnt)
      return { manifest: entries, warnings: ['precache-split: no bundle seen, precaching everything'] };
    const manifest = entries.filter((entry) => !/\.(?:js|css)$/.test(entry.url) || keep.has(entry.url));
    return { manifest, warnings: [] };
  };

  return { plugin, manifestTransform, precached: keep };
}
